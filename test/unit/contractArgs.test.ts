// argFields / parseArgValue / buildArgs (src/near/contract/args.ts) on the functions of the fixture ABI.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NearLensError } from '../../src/base/errors';
import { parseAbi } from '../../src/near/contract/abi';
import type { AbiFunction } from '../../src/near/contract/abi';
import { argFields, buildArgs, parseArgValue } from '../../src/near/contract/args';
import type { ArgField } from '../../src/near/contract/args';

const abi = parseAbi(JSON.parse(readFileSync(path.join(__dirname, '..', 'fixtures', 'contracts', 'abi.json'), 'utf8')) as unknown);
const fn = (name: string): AbiFunction => {
  const f = abi.functions.find((x) => x.name === name);
  assert.ok(f, name);
  return f;
};
const fields = (name: string): ArgField[] => argFields(fn(name), abi.rootSchema);
const field = (fnName: string, arg: string): ArgField => {
  const f = fields(fnName).find((x) => x.name === arg);
  assert.ok(f, arg);
  return f;
};
function throwsNl(f: () => unknown, message: string | RegExp): void {
  assert.throws(f, (e: unknown) => {
    assert.ok(NearLensError.is(e));
    assert.equal(e.kind, 'invalid-input');
    if (typeof message === 'string') assert.equal(e.message, message);
    else assert.match(e.message, message);
    return true;
  });
}

describe('contract arguments: argFields', () => {
  it('one field per parameter, with a readable type, $refs resolved', () => {
    const show = (name: string): Array<[string, string, boolean]> => fields(name).map((f) => [f.name, f.label, f.required]);
    assert.deepEqual(show('ft_transfer'), [
      ['receiver_id', 'AccountId', true],
      ['amount', 'U128 (string of digits)', true],
      ['memo', 'string', false],
    ]);
    assert.deepEqual(show('set_limits'), [
      ['max_count', 'whole number (u32)', true],
      ['ratio', 'number', true],
      ['enabled', 'boolean (true or false)', true],
      ['tags', 'list of string (JSON array)', true],
      ['mode', 'Mode: one of Open, Paused, Closed', true],
      ['owner', 'AccountId', false],
      ['offset', 'whole number (i64)', false],
    ]);
    assert.deepEqual(show('new'), [
      ['owner_id', 'AccountId', true],
      ['total_supply', 'U128 (string of digits)', true],
      ['metadata', 'FungibleTokenMetadata (JSON object)', true],
    ]);
  });

  it('no fields for a method without parameters; an error for Borsh arguments', () => {
    assert.deepEqual(fields('get_greeting'), []);
    throwsNl(() => fields('set_raw'), 'set_raw takes Borsh-encoded arguments; NEAR Lens can only build JSON arguments.');
  });

  it('copes with odd schemas: missing definitions, cycles, oneOf of shapes, allOf wrappers, true', () => {
    const one = (schema: unknown, root: unknown = abi.rootSchema): ArgField => {
      const f = argFields({ name: 'f', kind: 'view', modifiers: [], params: { serializationType: 'json', args: [{ name: 'a', typeSchema: schema }] } }, root);
      assert.ok(f[0]);
      return f[0];
    };
    assert.equal(one({ $ref: '#/definitions/Nope' }).label, 'Nope (JSON)');
    assert.equal(one({ $ref: '#/definitions/A' }, { definitions: { A: { $ref: '#/definitions/A' } } }).type.t, 'json');
    assert.equal(one({ allOf: [{ $ref: '#/definitions/U128' }], description: 'd' }).label, 'U128 (string of digits)');
    assert.equal(
      one({
        oneOf: [
          { type: 'string', enum: ['A'] },
          { type: 'string', enum: ['B'] },
        ],
      }).label,
      'string: one of A, B',
    );
    assert.equal(one({ oneOf: [{ type: 'object' }, { type: 'string', enum: ['B'] }] }).label, '(JSON, one of 2 shapes)');
    assert.equal(one(true).label, 'JSON');
    assert.equal(one({}).label, 'JSON');
    assert.deepEqual(one({ type: 'integer', format: 'uint64', minimum: 0 }).type, { t: 'integer', min: 0 });
    assert.deepEqual(one({ $ref: '#/definitions/U64' }, { definitions: { U64: { type: 'string' } } }).type, {
      t: 'digits',
      name: 'U64',
      signed: false,
      bits: 64,
    });
  });
});

describe('contract arguments: parseArgValue', () => {
  it('U128: digits, with or without quotes, in range', () => {
    const amount = field('ft_transfer', 'amount');
    assert.equal(parseArgValue(amount, '1000000000000000000000000'), '1000000000000000000000000');
    assert.equal(parseArgValue(amount, ' "42" '), '42');
    assert.equal(parseArgValue(amount, String(2n ** 128n - 1n)), String(2n ** 128n - 1n));
    throwsNl(() => parseArgValue(amount, '1.5'), 'amount: expected a string of digits (U128).');
    throwsNl(() => parseArgValue(amount, '-1'), 'amount: expected a string of digits (U128).');
    throwsNl(() => parseArgValue(amount, '1e24'), 'amount: expected a string of digits (U128).');
    throwsNl(() => parseArgValue(amount, String(2n ** 128n)), 'amount: the number is out of range for U128.');
    throwsNl(() => parseArgValue(amount, ''), 'amount: a value is required.');
  });

  it('integers, numbers, booleans', () => {
    const count = field('set_limits', 'max_count');
    assert.equal(parseArgValue(count, '7'), 7);
    throwsNl(() => parseArgValue(count, '7.5'), 'max_count: expected a whole number.');
    throwsNl(() => parseArgValue(count, '-1'), 'max_count: expected a whole number of at least 0.');
    throwsNl(() => parseArgValue(count, '4294967296'), 'max_count: expected a whole number of at most 4294967295.');
    const offset = field('set_limits', 'offset');
    assert.equal(parseArgValue(offset, '-5'), -5);
    throwsNl(() => parseArgValue(offset, '99999999999999999999'), /too large to send exactly/);
    assert.equal(parseArgValue(offset, ''), null);
    const ratio = field('set_limits', 'ratio');
    assert.equal(parseArgValue(ratio, '0.25'), 0.25);
    assert.equal(parseArgValue(ratio, '-1e3'), -1000);
    throwsNl(() => parseArgValue(ratio, 'NaN'), 'ratio: expected a number.');
    throwsNl(() => parseArgValue(ratio, '0x10'), 'ratio: expected a number.');
    const enabled = field('set_limits', 'enabled');
    assert.equal(parseArgValue(enabled, 'true'), true);
    assert.equal(parseArgValue(enabled, ' false'), false);
    throwsNl(() => parseArgValue(enabled, 'yes'), 'enabled: expected true or false.');
  });

  it('strings as typed, account ids checked, enums matched', () => {
    assert.equal(parseArgValue(field('set_greeting', 'message'), '  hi "there" '), '  hi "there" ');
    assert.equal(parseArgValue(field('set_greeting', 'message'), ''), '');
    assert.equal(parseArgValue(field('ft_transfer', 'receiver_id'), ' bob.near '), 'bob.near');
    throwsNl(() => parseArgValue(field('ft_transfer', 'receiver_id'), 'Bob.near'), /^receiver_id: expected a NEAR account id \(.*uppercase/);
    throwsNl(() => parseArgValue(field('ft_transfer', 'receiver_id'), ''), 'receiver_id: a value is required.');
    assert.equal(parseArgValue(field('set_limits', 'mode'), 'Paused'), 'Paused');
    throwsNl(() => parseArgValue(field('set_limits', 'mode'), 'paused'), 'mode: expected one of Open, Paused, Closed.');
  });

  it('objects and arrays as JSON', () => {
    const meta = field('new', 'metadata');
    const m = { spec: 'ft-1.0.0', name: 'T', symbol: 'T', decimals: 24 };
    assert.deepEqual(parseArgValue(meta, JSON.stringify(m)), m);
    throwsNl(() => parseArgValue(meta, '[1]'), 'metadata: expected a JSON object (in braces).');
    throwsNl(() => parseArgValue(meta, '{name: 1}'), 'metadata: expected JSON (an object in braces).');
    assert.deepEqual(parseArgValue(field('set_limits', 'tags'), '["a","b"]'), ['a', 'b']);
    throwsNl(() => parseArgValue(field('set_limits', 'tags'), 'a,b'), 'tags: expected JSON (a list in brackets).');
  });

  it('a hostile field name is made one line in the message', () => {
    const f: ArgField = { name: 'x\n\u202ey', label: 'number', required: true, type: { t: 'number' } };
    throwsNl(() => parseArgValue(f, 'z'), 'x y: expected a number.');
  });
});

describe('contract arguments: buildArgs', () => {
  it('builds the object, leaving out empty optional fields', () => {
    const f = fields('ft_transfer');
    assert.deepEqual(buildArgs(f, { receiver_id: 'bob.near', amount: '1', memo: '' }), { receiver_id: 'bob.near', amount: '1' });
    assert.deepEqual(buildArgs(f, { receiver_id: 'bob.near', amount: '1', memo: 'hi' }), { receiver_id: 'bob.near', amount: '1', memo: 'hi' });
    assert.deepEqual(buildArgs(f, { receiver_id: 'bob.near', amount: '1' }), { receiver_id: 'bob.near', amount: '1' });
    assert.deepEqual(buildArgs([], {}), {});
  });

  it('throws the first bad field', () => {
    throwsNl(() => buildArgs(fields('ft_transfer'), { receiver_id: 'bob.near', amount: 'lots' }), 'amount: expected a string of digits (U128).');
    throwsNl(() => buildArgs(fields('ft_transfer'), {}), 'receiver_id: a value is required.');
  });

  it('a parameter named __proto__ is an own property, not a prototype', () => {
    const f: ArgField = { name: '__proto__', label: 'JSON', required: true, type: { t: 'json' } };
    const args = buildArgs([f], JSON.parse('{"__proto__":"{\\"polluted\\":1}"}') as Record<string, string>);
    assert.equal(Object.getPrototypeOf(args), Object.prototype);
    assert.equal(JSON.stringify(args), '{"__proto__":{"polluted":1}}');
  });
});
