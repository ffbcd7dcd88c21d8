// wasmExports (src/near/contract/wasm.ts) on the fixtures of test/fixtures/contracts/ and on modules made by
// scripts/fixtures/make-wasm.mjs: function exports only, clear errors for non-wasm, truncated and over-cap code.
import { strict as assert } from 'node:assert';
import { throwsNl } from '../support/fixture';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contractInterface } from '../../src/near/contract/contract';
import { MAX_CODE_BYTES, wasmExports } from '../../src/near/contract/wasm';
import type * as MakeWasmModule from '../../scripts/fixtures/make-wasm.mjs';

type MakeWasm = typeof MakeWasmModule;
const DIR = path.join(__dirname, '..', 'fixtures', 'contracts');
const fixture = (f: string): Uint8Array => new Uint8Array(readFileSync(path.join(DIR, f)));

describe('contract code: wasmExports', () => {
  let make: MakeWasm;
  before(async () => {
    make = (await import('../../scripts/fixtures/make-wasm.mjs')) as MakeWasm;
  });

  it('lists the exported functions of greeter.wasm, sorted, without memory, globals or imports', () => {
    assert.deepEqual(wasmExports(fixture('greeter.wasm')), [
      '__contract_abi',
      'contract_source_metadata',
      'ft_balance_of',
      'ft_metadata',
      'get_greeting',
      'set_greeting',
    ]);
  });

  it('the committed fixture is what the script writes', () => {
    const again = make.buildWasm({ exports: [...make.GREETER_EXPORTS], globals: { __data_end: 1048640, __heap_base: 1048640 }, data: Buffer.from('Hello') });
    assert.deepEqual(Buffer.from(again), Buffer.from(fixture('greeter.wasm')));
  });

  it('a module with no exported function gives an empty list', () => {
    assert.deepEqual(wasmExports(make.buildWasm({ exports: [] })), []);
  });

  it('reads a view on a bigger buffer (offset) and on a SharedArrayBuffer', () => {
    const g = fixture('greeter.wasm');
    const big = new Uint8Array(g.length + 10);
    big.set(g, 5);
    assert.equal(wasmExports(big.subarray(5, 5 + g.length)).length, 6);
    const shared = new Uint8Array(new SharedArrayBuffer(g.length));
    shared.set(g);
    assert.equal(wasmExports(shared).length, 6);
  });

  it('refuses code that is not wasm, naming the magic bytes', () => {
    throwsNl(() => wasmExports(fixture('wrong-magic.wasm')), /not WebAssembly .*00 61 73 6d/, 'bad-shape');
    throwsNl(() => wasmExports(new TextEncoder().encode('#!/bin/sh\necho hi\n')), /not WebAssembly/);
    throwsNl(() => wasmExports(new Uint8Array(0)), /empty/);
    throwsNl(() => wasmExports(Uint8Array.of(0, 0x61)), /cut short \(2 bytes\)/);
    // The 8-byte header alone is a valid, empty module.
    assert.deepEqual(wasmExports(fixture('greeter.wasm').subarray(0, 8)), []);
  });

  it('refuses a truncated module', () => {
    throwsNl(() => wasmExports(fixture('truncated.wasm')), /^The contract code is a truncated or invalid WebAssembly module \(.+\)\.$/, 'bad-shape');
    const g = fixture('greeter.wasm');
    for (const n of [9, 20, g.length - 1]) throwsNl(() => wasmExports(g.subarray(0, n)), /truncated or invalid/);
  });

  it('refuses code over MAX_CODE_BYTES (8 MB), saying the cap', () => {
    assert.equal(MAX_CODE_BYTES, 8 * 1024 * 1024);
    const big = new Uint8Array(MAX_CODE_BYTES + 1);
    big.set([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    throwsNl(() => wasmExports(big), /8 MB/, 'too-large');
  });

  it('timing (printed, not asserted): wasmExports + contractInterface on a ~1 MB module', () => {
    const exports = Array.from({ length: 2000 }, (_, i) => `method_${i}`);
    const code = make.buildWasm({ exports, bodyOps: 100, data: new Uint8Array(64 * 1024).fill(7) });
    assert.ok(code.length > 1_000_000 && code.length < 1_500_000, String(code.length));
    const t0 = performance.now();
    const names = wasmExports(code);
    const iface = contractInterface({ codeHash: 'x', exports: names });
    const ms = performance.now() - t0;
    assert.equal(iface.methods.length, 2000);
    console.log(`      timing: wasmExports + contractInterface on ${(code.length / 1e6).toFixed(2)} MB, ${names.length} exports: ${ms.toFixed(1)} ms`);
  });
});
