// A FunctionCall's arguments decoded beside the base64 it was sent as: JSON read exactly (u128 digits kept), else
// UTF-8 text, else nothing more than the base64.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonExact } from '../../../src/base/json';
import { decodedArgs, MAX_DECODED_ARGS, toAction } from '../../../src/client/transactions/actions';
import { fromRecord } from '../../../src/client/transactions/model';

const b64 = (s: string | Uint8Array): string => Buffer.from(s).toString('base64');
const call = (args: unknown): ReturnType<typeof toAction> =>
  toAction({ FunctionCall: { method_name: 'ft_transfer', args, gas: 30000000000000, deposit: '1' } });

describe('FunctionCall arguments', () => {
  it('the failed ft_transfer fixture: JSON arguments beside the base64, the amount as its exact digits', () => {
    const t = fromRecord(parseJsonExact(readFileSync(path.resolve(__dirname, '../../fixtures/tx/failed-ft-transfer.json'), 'utf8')));
    const a = t.actions[0];
    assert.ok(a && a.kind === 'FunctionCall');
    assert.equal(a.args, 'eyJyZWNlaXZlcl9pZCI6ImFsaWNlLm5lYXIiLCJhbW91bnQiOiI1MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwIn0=');
    assert.deepEqual(a.argsJson, { receiver_id: 'alice.near', amount: '5000000000000000000000000' });
    assert.equal(a.argsText, undefined);
  });

  it('a bare u128 in JSON keeps every digit; text that is not JSON is text; binary, empty, broken and oversized stay base64', () => {
    const big = call(b64('{"amount":5000000000000000000000001,"n":7}'));
    assert.ok(big.kind === 'FunctionCall');
    assert.deepEqual(big.argsJson, { amount: '5000000000000000000000001', n: 7 });
    const text = call(b64('hello, contract'));
    assert.ok(text.kind === 'FunctionCall');
    assert.equal(text.argsText, 'hello, contract');
    assert.equal(text.argsJson, undefined);
    for (const args of [b64(Uint8Array.from([0, 159, 146, 150])), '', 'not base64!', b64(`"${'a'.repeat(MAX_DECODED_ARGS)}"`), undefined]) {
      const a = call(args);
      assert.ok(a.kind === 'FunctionCall');
      assert.equal(a.argsJson, undefined);
      assert.equal(a.argsText, undefined);
      assert.equal(a.args, typeof args === 'string' ? args : '');
    }
    assert.deepEqual(decodedArgs(b64('[1,2]')), { argsJson: [1, 2] });
    // UTF-8 beyond ASCII: through the UTF-8 decoder, JSON or text alike.
    assert.deepEqual(decodedArgs(b64('{"memo":"привет 😀","n":18446744073709551615}')), { argsJson: { memo: 'привет 😀', n: '18446744073709551615' } });
    assert.deepEqual(decodedArgs(b64('héllo')), { argsText: 'héllo' });
    // Controls make bytes binary; base64 that is not strict (spaces, bad padding) is not read.
    assert.deepEqual(decodedArgs(b64('a\u0001b')), {});
    assert.deepEqual(decodedArgs(b64('a\x01b')), {});
    assert.deepEqual(decodedArgs('e30 ='), {});
    assert.deepEqual(decodedArgs('e30'), {});
    assert.deepEqual(decodedArgs('e30='), { argsJson: {} });
    assert.deepEqual(decodedArgs(b64('null')), { argsJson: null });
  });
});
