// A call's arguments as a person reads them: the hover's one-line preview (80 characters), the document's pretty lines
// with yocto amounts read as exact NEAR and token amounts with the token's decimals when its ft_metadata is known.
import { strict as assert } from 'node:assert';
import { toAction } from '../../../../src/client/transactions/actions';
import type { ActionModel } from '../../../../src/client/transactions/actions';
import { amountWords, argsLines, argsPreview } from '../../../../src/features/transactions/model/txArgs';
import { actionLine } from '../../../../src/features/transactions/model/txMarkdown';

type Call = Extract<ActionModel, { kind: 'FunctionCall' }>;
const call = (method: string, args: string, deposit = '0'): Call => {
  const a = toAction({ FunctionCall: { method_name: method, args: btoa(args), gas: 30000000000000, deposit } });
  assert.equal(a.kind, 'FunctionCall');
  return a as Call;
};

describe('call arguments decoded', () => {
  it('the hover line shows the first 80 characters of the arguments beside the method', () => {
    const a = call('ft_transfer', '{"receiver_id":"alice.near","amount":"5000000000000000000000000"}', '1');
    assert.equal(argsPreview(a), '{"receiver_id":"alice.near","amount":"5000000000000000000000000"}');
    assert.equal(actionLine(a), '`ft_transfer({"receiver_id":"alice.near","amount":"5000000000000000000000000"})` call with 1 yocto attached, 30 TGas');
    const long = call('set', JSON.stringify({ text: 'x'.repeat(200) }));
    assert.equal(argsPreview(long)?.length, 80);
    assert.ok(argsPreview(long)?.endsWith('…'));
    assert.equal(argsPreview(call('go', '{}')), undefined);
    assert.equal(actionLine(call('go', '{}')), '`go` call, 30 TGas');
  });

  it('the document: pretty JSON, a yocto amount read as exact NEAR, a token amount with its decimals', () => {
    const a = call('play', '{"round_id":7,"stake":"2500000000000000000000000","memo":"hi"}');
    assert.deepEqual(argsLines(a), [
      { depth: 0, text: '{' },
      { depth: 1, text: '"round_id": 7,' },
      { depth: 1, text: '"stake": "2500000000000000000000000",  (2.5 NEAR)' },
      { depth: 1, text: '"memo": "hi"' },
      { depth: 0, text: '}' },
    ]);
    const usdt = call('ft_transfer', '{"receiver_id":"bob.near","amount":"10500000"}', '1');
    assert.equal(argsLines(usdt, { decimals: 6, symbol: 'USDT' })[2]?.text, '"amount": "10500000"  (10.5 USDT)');
    // Without the token's decimals a small amount is left as it is: it is not yocto.
    assert.equal(argsLines(usdt)[2]?.text, '"amount": "10500000"');
  });

  it('amounts: only digits under a key that names money; 19+ digits for NEAR; never floats', () => {
    assert.equal(amountWords('attached_deposit', '1000000000000000000000000'), '1 NEAR');
    assert.equal(amountWords('amount', '1'), undefined);
    assert.equal(amountWords('round_id', '5000000000000000000000000'), undefined);
    assert.equal(amountWords('amount', 5e24), undefined);
    assert.equal(amountWords('amount', '0x10'), undefined);
    assert.equal(amountWords('balance', '123456789012345678901234567890', { decimals: 24, symbol: 'wNEAR' }), '123,456.78901234567890123456789 wNEAR');
  });

  it('text arguments by their lines, binary ones not at all; nesting and length are bounded', () => {
    assert.deepEqual(argsLines(call('log', 'hello\nworld')), [
      { depth: 0, text: 'hello' },
      { depth: 0, text: 'world' },
    ]);
    const binary = toAction({ FunctionCall: { method_name: 'b', args: 'AAEC/w==', gas: 1, deposit: '0' } }) as Call;
    assert.deepEqual(argsLines(binary), []);
    assert.equal(argsPreview(binary), undefined);
    const many = call('m', JSON.stringify({ list: Array.from({ length: 500 }, (_, i) => i) }));
    const lines = argsLines(many);
    assert.equal(lines.length, 60);
    assert.match(lines[59]?.text ?? '', /^… \d+ more lines$/);
    let deep: unknown = 'x';
    for (let i = 0; i < 50; i++) deep = { d: deep };
    assert.ok(argsLines(call('d', JSON.stringify(deep))).every((l) => l.depth <= 8));
  });
});
