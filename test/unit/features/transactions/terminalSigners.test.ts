// Who may have signed a hash clicked in the terminal (model/terminalSigners.ts): the link's own line first, then the
// printed lines around it by place (above before below), from its last occurrence; else the lines the pointer passed,
// the latest first; each id once. The terminal's text as a person reads it: no escape sequences, a rewritten line as it ends.
import { strict as assert } from 'node:assert';
import { placeFrom, printedLines, terminalSigners } from '../../../../src/features/transactions/model/terminalSigners';

const TX = '8atrNKVjKmdWTZRmFNUXvoDz5UyiHyKiDk9V6yLWAXU8';
const LINK = `tx ${TX}`;

describe('signers from the terminal’s own lines', () => {
  it('the link’s line, then around its last occurrence by place: above before below, each id once', () => {
    const printed = ['old.near', LINK, 'stale.near', 'no id here', 'first.near above', 'second.near above', LINK, 'below.near and second.near', 'far.near'];
    assert.deepEqual(terminalSigners(LINK, printed, ['ignored.near']), [
      { id: 'second.near', where: '1 line above' },
      { id: 'below.near', where: '1 line below' },
      { id: 'first.near', where: '2 lines above' },
      { id: 'far.near', where: '2 lines below' },
      { id: 'stale.near', where: '4 lines above' },
      { id: 'old.near', where: '6 lines above' },
    ]);
  });

  it('without the printed line: the lines the pointer passed, the latest first; the link’s own ids lead', () => {
    assert.deepEqual(terminalSigners(`${LINK} by relay.near`, [], [`${LINK} by relay.near`, 'bob.near', 'alice.near bob.near']), [
      { id: 'relay.near', where: 'on the link’s line' },
      { id: 'bob.near', where: 'in this terminal' },
      { id: 'alice.near', where: 'in this terminal' },
    ]);
    assert.deepEqual(terminalSigners(LINK, [], []), []);
  });

  it('places in words; printed text without escapes, a progress line as it ends', () => {
    assert.deepEqual(
      [placeFrom(0), placeFrom(0, 'link'), placeFrom(-1), placeFrom(3)],
      ['on the hash’s line', 'on the link’s line', '1 line above', '3 lines below'],
    );
    assert.deepEqual(printedLines('\x1b[1;31mred\x1b[0m\r\n50%\r100%\r\n\x1b]0;title\x07done\x07'), ['red', '100%', 'done']);
  });
});
