// In-editor: a failed transaction, from its hash to the line. The stub's failed records of each kind against the
// fixture workspace's two crates (contracts/game and contracts/arcade, both with a src/lib.rs line 29): the hover's
// "Go to" link opens the right file at the right line, Show Failure in Code puts an Error there that Dismiss (or an edit
// of the line) removes, the document lists each failure with its kind and fix, Look Up Transaction's answer carries
// contract and sources with the requests it cost, and a local node reads a hash alone.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, answerNextQuickPick, fixtureUri, hoverText, linkArgs, openFixture, positionOf, setUserSetting, waitFor } from '../support/editor';
import { clearStubRequests, resetStub, stubEnvValue, stubFault, stubRequests, stubUrls } from '../support/stubClient';

const PANIC_AT = '5MRvKYvRk2no6E8T42tk6nLCg6i3eATjfm4W49FRNfJm';
const PANIC_MESSAGE = 'EaYsyzf5Po66sNSUeidLK4nRracbSXnSCV7C9cj44DUB';
const METHOD_NOT_FOUND = 'DtF2h9w1NjpoJuzKN8QkYUDDX9BUzHMzm1ZaMhPKGGeg';
const GAS = '5s9pqMMVpz5h5Cg5KwFACHJR4WeGdPAHjqjLYUi3iKTD';
const LACK_BALANCE = 'GQ8oqHwDG58KeK8oNUs3ZCz3p73N3qCaLZ35cG5L2WeE';
/** addkey-full-alice: a transaction that did not fail, read by no other suite (a read is kept for the session). */
const SUCCEEDED = 'AMtzZDPdSyohVEYZogwMEv1rAEiCCoz6S3pPdMn4skzh';
const CODE = 'near-lens-failed-receipt';

interface Source {
  uri: string;
  line: number;
  column: number;
  text: string;
  why: string;
}
interface Explained {
  kind: string;
  message: string;
  explanation: string;
  fix?: string;
  location?: { path: string; line: number; column: number };
  contract?: { contractPath?: string; rev?: string; link?: string };
  sources: Source[];
}
interface Tx {
  hash: string;
  error?: Explained;
  receipts: Array<{ id: string; error?: Explained }>;
}

const lookUp = (hash: string): Thenable<Tx> => vscode.commands.executeCommand<Tx>('nearLens.lookupTransaction', { hash, show: false });
const ours = (uri: vscode.Uri): vscode.Diagnostic[] =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'NEAR Lens' && typeof d.code === 'object' && d.code.value === CODE);
const rpcCalls = async (): Promise<string[]> =>
  (await stubRequests())
    .filter((r) => r.host === 'rpc')
    .map((r) => {
      const b = r.body as { method?: string; params?: Record<string, unknown> };
      const p = b.params ?? {};
      return [b.method, p['request_type'], p['method_name'], p['account_id'] ?? p['sender_account_id']].filter(Boolean).join(' ');
    });

/** The hover at a hash in cargo-test.log, markdown escapes removed from its text (links kept as they are). */
async function hoverAt(hash: string): Promise<string> {
  const editor = await openFixture('cargo-test.log');
  return hoverText(editor.document.uri, positionOf(editor.document, hash, 0, 5));
}

/** The Git extension's repository of `uri`; null where there is none to reach (no Git in this host, no git binary, none opened). */
async function gitRepositoryOf(uri: vscode.Uri): Promise<unknown> {
  type Git = { getAPI(v: 1): { getRepository(u: vscode.Uri): unknown } };
  try {
    const git = vscode.extensions.getExtension<Git>('vscode.git');
    const api = git && (git.isActive ? git.exports : await git.activate()).getAPI(1);
    return api?.getRepository(uri) ?? null;
  } catch {
    return null; // "Git model not found": the extension without a git binary
  }
}

describe('failures: from the failed receipt to the line', function () {
  this.timeout(60_000);
  const gameLib = (): vscode.Uri => fixtureUri('contracts/game/src/lib.rs');
  const arcadeLib = (): vscode.Uri => fixtureUri('contracts/arcade/src/lib.rs');

  before(async () => {
    await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  after(async () => {
    await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
    await resetStub();
  });

  it("the hover's line link opens contracts/game/src/lib.rs at line 29 (contract_path first of two src/lib.rs)", async () => {
    const md = await hoverAt(PANIC_AT);
    const text = md.replace(/\\(.)/g, '$1');
    assert.match(text, /✗ failed/, text);
    assert.match(text, /\*\*Panicked\*\* — claim on game\.lensdev\.near panicked at src\/lib\.rs:29:50\./, text);
    assert.match(text, /Fix: An unwrap\(\) met None there/, text);
    assert.match(text, /\[Go to contracts\/game\/src\/lib\.rs:29\]/, text);
    assert.match(text, /\[Go to contracts\/arcade\/src\/lib\.rs:29\]/, text);
    assert.ok(text.indexOf('contracts/game/src/lib.rs:29') < text.indexOf('contracts/arcade/src/lib.rs:29'), 'game first');
    assert.match(text, /\[Show Failure in Code\]/, text);
    // A NEP-330 link is shown, never a link.
    assert.match(text, /`https:\/\/github\.com\/example\/lens-games`/, text);
    const args = linkArgs(md, 'Go to contracts/game', 'nearLens.openFailureSource');
    await vscode.commands.executeCommand('nearLens.openFailureSource', args);
    const editor = await waitFor(
      () => (vscode.window.activeTextEditor?.document.uri.toString() === gameLib().toString() ? vscode.window.activeTextEditor : undefined),
      {
        what: 'contracts/game/src/lib.rs in the editor',
      },
    );
    assert.equal(editor.selection.active.line, 28);
    assert.equal(editor.selection.active.character, 49);
    assert.match(editor.document.lineAt(28).text, /round\.winner\.clone\(\)\.unwrap\(\)/);
  });

  it('a link to a file outside the workspace opens nothing', async () => {
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.openFailureSource', { uri: 'file:///etc/hosts', line: 1, column: 1 })),
      /not in this workspace/,
    );
  });

  it('the deployed revision, where there is no Git for the file (the web has none), is refused in a sentence', async () => {
    if (stubEnvValue('NEAR_LENS_TEST_HOST') === 'web') {
      // The Web Worker extension host does not reach the Git extension (it runs on the server, or nowhere).
      const git = vscode.extensions.getExtension('vscode.git');
      assert.equal(git?.isActive ? git.exports : undefined, undefined, 'no Git API in the web host');
    }
    assert.equal(await gitRepositoryOf(gameLib()), null, 'no repository of the fixture workspace is open');
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('nearLens.openFailureSource', { uri: gameLib().toString(), line: 29, column: 50, rev: '4f1c2e9' })),
      /Revision 4f1c2e9 cannot be opened here: there is no Git repository for this file\./,
    );
  });

  it('Show Failure in Code puts an Error on that line; Dismiss removes it; show: false adds none', async () => {
    const quiet = await vscode.commands.executeCommand<{ uri: string; line: number }>('nearLens.showFailureInCode', { hash: PANIC_MESSAGE, show: false });
    assert.deepEqual(quiet, { uri: arcadeLib().toString(), line: 29 });
    assert.deepEqual(ours(arcadeLib()), [], 'no Problem from show: false');

    const answer = await vscode.commands.executeCommand<{ uri: string; line: number }>('nearLens.showFailureInCode', { hash: PANIC_AT });
    assert.deepEqual(answer, { uri: gameLib().toString(), line: 29 });
    const [d] = await waitFor(() => (ours(gameLib()).length === 1 ? ours(gameLib()) : undefined), { what: 'the failed receipt in the Problems panel' });
    assert.ok(d);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(d.range.start.line, 28);
    assert.match(
      d.message,
      /^Panicked in 5MRvKYvR… \(player\.lensdev\.near called claim on game\.lensdev\.near, \d+ \w+ ago\): called `Option::unwrap\(\)` on a `None` value$/,
    );
    assert.match(String(typeof d.code === 'object' && d.code.target), /DIAGNOSTICS\.md#near-lens-failed-receipt$/);
    assert.match(d.relatedInformation?.[0]?.message ?? '', /^Transaction 5MRvKYvRk2no/);
    assert.equal(d.relatedInformation?.[0]?.location.uri.scheme, 'near-lens');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), gameLib().toString());

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', gameLib(), d.range);
    const dismiss = actions.find((a) => a.title === 'Dismiss');
    assert.ok(dismiss?.command, actions.map((a) => a.title).join());
    await vscode.commands.executeCommand(dismiss.command.command, ...(dismiss.command.arguments ?? []));
    await waitFor(() => ours(gameLib()).length === 0, { what: 'the Problem dismissed' });
  });

  it('the Problem stays while its line reads the same: an edit above moves it, an edit of the line removes it', async () => {
    await vscode.commands.executeCommand('nearLens.showFailureInCode', { hash: PANIC_AT });
    await waitFor(() => ours(gameLib()).length === 1, { what: 'the Problem' });
    const editor = await waitFor(() =>
      vscode.window.activeTextEditor?.document.uri.toString() === gameLib().toString() ? vscode.window.activeTextEditor : undefined,
    );
    const original = editor.document.getText();
    const above = '// a line above\n';
    const changed = ' // changed';
    const end = editor.document.lineAt(28).text.length;
    try {
      await editor.edit((e) => e.insert(new vscode.Position(1, 0), above));
      await waitFor(() => ours(gameLib())[0]?.range.start.line === 29, { what: 'the Problem moved with its line' });
      await editor.edit((e) => e.insert(new vscode.Position(29, end), changed));
      await waitFor(() => ours(gameLib()).length === 0, { what: 'the Problem gone with its line' });
    } finally {
      // The fixture file as it was, saved so that no editor is left dirty (closing one would ask to save it).
      await editor.edit((e) => e.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), original));
      await editor.document.save();
    }
    assert.equal(editor.document.getText(), original);
  });

  it('the document lists each failure with its kind and fix; the answer has contract and sources', async () => {
    const docs: Record<string, string> = {};
    for (const hash of [PANIC_AT, PANIC_MESSAGE, METHOD_NOT_FOUND, GAS, LACK_BALANCE]) {
      await vscode.commands.executeCommand('nearLens.lookupTransaction', { hash });
      docs[hash] = (
        await waitFor(
          () => {
            const d = vscode.window.activeTextEditor?.document;
            return d?.uri.scheme === 'near-lens' && d.getText().startsWith(`// Transaction ${hash}`) ? d : undefined;
          },
          { timeoutMs: 15_000, what: `the document of ${hash.slice(0, 8)}` },
        )
      ).getText();
    }
    assert.match(docs[PANIC_AT]!, /Panicked \(panic\): claim on game\.lensdev\.near panicked at src\/lib\.rs:29:50\./);
    assert.match(docs[PANIC_AT]!, /fix: An unwrap\(\) met None there/);
    assert.match(docs[PANIC_AT]!, /Go to contracts\/game\/src\/lib\.rs:29 \(the location\): let winning_party = round\.winner\.clone\(\)\.unwrap\(\);/);
    assert.match(docs[PANIC_AT]!, /contract source \(NEP-330\): https:\/\/github\.com\/example\/lens-games · version 0\.3\.1 · contract_path contracts\/game/);
    assert.match(
      docs[PANIC_MESSAGE]!,
      /Go to contracts\/arcade\/src\/lib\.rs:29 \(the message\): env::panic_str\(&format!\("round \{\} is closed to bets", round_id\)\);/,
    );
    assert.match(docs[PANIC_MESSAGE]!, /"stake": "2500000000000000000000000",? \(2\.5 NEAR\)/);
    assert.match(docs[METHOD_NOT_FOUND]!, /Method not found \(method-not-found\): game\.lensdev\.near has no exported method "clam"\./);
    assert.match(docs[METHOD_NOT_FOUND]!, /fix: Export it: pub fn clam/);
    assert.match(
      docs[GAS]!,
      /Out of gas \(gas-exceeded\): settle_all on game\.lensdev\.near used all 10 TGas attached to it; the receipt burnt 10\.2231825625 TGas in all\./,
    );
    assert.match(docs[GAS]!, /fix: Attach more gas/);
    assert.match(
      docs[LACK_BALANCE]!,
      /Not enough NEAR \(balance\): player\.lensdev\.near would not keep enough NEAR for the storage it uses: it needs 1\.83295 NEAR more\./,
    );
    // The document's links: the source line and Show Failure in Code.
    const panicDoc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'near-lens' && d.getText().startsWith(`// Transaction ${PANIC_AT}`));
    assert.ok(panicDoc);
    const links = await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', panicDoc.uri);
    const targets = links.map((l) => decodeURIComponent(l.target?.toString() ?? ''));
    assert.ok(
      targets.some((t) => t.startsWith('command:nearLens.openFailureSource?') && t.includes('contracts/game/src/lib.rs')),
      targets.join('\n'),
    );
    assert.ok(
      targets.some((t) => t.startsWith('command:nearLens.showFailureInCode?') && t.includes(PANIC_AT)),
      targets.join('\n'),
    );

    const t = await lookUp(PANIC_AT);
    assert.equal(t.error, t.receipts.find((r) => r.error)?.error, "the transaction's error is its failed receipt's");
    assert.equal(t.error?.kind, 'panic');
    assert.deepEqual(t.error?.location, { path: 'src/lib.rs', line: 29, column: 50 });
    assert.equal(t.error?.contract?.contractPath, 'contracts/game');
    assert.deepEqual(
      t.error?.sources.map((s) => [s.uri, s.line, s.column, s.why]),
      [
        [gameLib().toString(), 29, 50, 'location'],
        [arcadeLib().toString(), 29, 50, 'location'],
      ],
    );
    const lack = await lookUp(LACK_BALANCE);
    assert.deepEqual(lack.error?.sources, [], 'no source: an empty list');
    assert.equal(lack.error && 'contract' in lack.error, false);
  });

  it('requests: none added for a transaction that did not fail; view_account and one metadata read for a failing receiver', async () => {
    await clearStubRequests();
    await lookUp(SUCCEEDED);
    assert.deepEqual(await rpcCalls(), [], 'a transaction that did not fail reads nothing more');
    await lookUp(GAS);
    const first = await rpcCalls();
    assert.ok(
      first.every((c) => c.includes('game.lensdev.near')),
      first.join('\n'),
    );
    // The metadata of game.lensdev.near's code hash was read before in this session, or now, once.
    assert.ok(first.filter((c) => c.includes('contract_source_metadata')).length <= 1, first.join('\n'));
    await clearStubRequests();
    await lookUp(METHOD_NOT_FOUND);
    assert.deepEqual(
      (await rpcCalls()).filter((c) => c.includes('contract_source_metadata')),
      [],
      'the same code hash: its metadata is not read again',
    );
  });

  it('a local node reads a hash alone (a placeholder signer); only UNKNOWN_TRANSACTION asks for the signer', async () => {
    await setUserSetting('nearLens.customNetwork.txApiUrl', undefined);
    const { services } = await activateExtension();
    try {
      await waitFor(() => services.clientForNetwork().client.transactions.hasTransactionsApi === false, { what: 'the RPC-only client' });
      await clearStubRequests();
      const t = await lookUp(PANIC_MESSAGE);
      assert.equal(t.hash, PANIC_MESSAGE);
      assert.equal(t.error?.kind, 'panic');
      assert.equal(t.error?.sources[0]?.uri, arcadeLib().toString());
      const asked = (await stubRequests())
        .filter((r) => r.host === 'rpc')
        .map((r) => r.body as { method?: string; params?: Record<string, unknown> })
        .filter((b) => b.method === 'EXPERIMENTAL_tx_status')
        .map((b) => b.params?.['sender_account_id']);
      assert.deepEqual(asked, ['near']);
      assert.deepEqual(
        (await stubRequests()).filter((r) => r.host === 'tx'),
        [],
      );
      // The hover reads it the same way.
      const md = (await hoverAt(GAS)).replace(/\\(.)/g, '$1');
      assert.match(md, /✗ failed · player\.lensdev\.near → game\.lensdev\.near/, md);
      assert.match(md, /Out of gas/, md);

      // A node that does not track the signer's shard: UNKNOWN_TRANSACTION for the placeholder, then the pick.
      const UNKNOWN = {
        jsonrpc: '2.0',
        id: 'x',
        error: { name: 'HANDLER_ERROR', cause: { name: 'UNKNOWN_TRANSACTION', info: {} }, code: -32000, message: 'Server error', data: 'unknown' },
      };
      await stubFault({ host: 'rpc', match: 'EXPERIMENTAL_tx_status', fault: { kind: 'status', status: 200, body: UNKNOWN }, times: 1 });
      await clearStubRequests();
      await openFixture('cargo-test.log');
      const shown = answerNextQuickPick((items) => items.find((i) => i.label === 'player.lensdev.near'));
      const done = vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: LACK_BALANCE });
      await shown;
      await done;
      const senders = (await stubRequests())
        .filter((r) => r.host === 'rpc')
        .map((r) => r.body as { method?: string; params?: Record<string, unknown> })
        .filter((b) => b.method === 'EXPERIMENTAL_tx_status')
        .map((b) => b.params?.['sender_account_id']);
      assert.deepEqual(senders, ['near', 'player.lensdev.near']);
    } finally {
      await setUserSetting('nearLens.customNetwork.txApiUrl', stubUrls().txApiUrl);
      await waitFor(() => services.clientForNetwork().client.transactions.hasTransactionsApi, { what: 'the transactions API back' });
    }
  });
});
