// Show Failure in Code's and a source line's arguments, refused with why before anything is read or opened.
import { strict as assert } from 'node:assert';
import { parseShowFailureArgs, parseSourceLineArgs } from '../../../../src/features/failures/model/failureArgs';

const HASH = '5MRvKYvRk2no6E8T42tk6nLCg6i3eATjfm4W49FRNfJm';

describe('failure command arguments', () => {
  it('Show Failure in Code: { hash, network?, show? } or the hash alone; show defaults to true', () => {
    assert.deepEqual(parseShowFailureArgs(HASH), { hash: HASH, show: true });
    assert.deepEqual(parseShowFailureArgs({ hash: ` ${HASH} `, network: 'testnet', show: false }), { hash: HASH, network: 'testnet', show: false });
    assert.throws(() => parseShowFailureArgs({ hash: 'nope' }), /base58|hash/);
    assert.throws(() => parseShowFailureArgs({ hash: HASH, network: 'devnet' }), /network is/);
    assert.throws(() => parseShowFailureArgs({ hash: HASH, show: 'yes' }), /show is true or false/);
    assert.throws(() => parseShowFailureArgs({ hash: HASH, signerId: 'a.near' }), /does not take "signerId"/);
    assert.throws(() => parseShowFailureArgs(42), /takes \{ hash/);
  });

  it('a source line: a URI, a 1-based place, and a commit id when read at a revision', () => {
    assert.deepEqual(parseSourceLineArgs({ uri: 'file:///w/src/lib.rs', line: 29, column: 50 }), { uri: 'file:///w/src/lib.rs', line: 29, column: 50 });
    assert.equal(parseSourceLineArgs({ uri: 'file:///w/a.rs', line: 1, column: 1, rev: '4F1C2E9' }).rev, '4f1c2e9');
    assert.throws(() => parseSourceLineArgs({ uri: '/etc/passwd', line: 1, column: 1 }), /uri is/);
    assert.throws(() => parseSourceLineArgs({ uri: 'file:///a', line: 0, column: 1 }), /whole numbers from 1/);
    assert.throws(() => parseSourceLineArgs({ uri: 'file:///a', line: 1, column: 1, rev: 'main; rm -rf /' }), /rev is a commit id/);
    assert.throws(() => parseSourceLineArgs({ uri: 'file:///a', line: 1, column: 1, extra: 1 }), /does not take "extra"/);
  });
});
