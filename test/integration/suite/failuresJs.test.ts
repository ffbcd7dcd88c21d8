// In-editor: a near-sdk-js contract's failed assert, from the chain's text (its message, then QuickJS's stack into the
// bundle build/contract.js) to the contract's TypeScript line in the fixture workspace (contracts/js-mint): Show Failure
// in Code opens src/contract.ts at the assert and puts the Problem there; the answer, the document and the hover say
// the stack and the contract's own function.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, fixtureUri, hoverText, linkArgs, waitFor } from '../support/editor';
import { resetStub } from '../support/stubClient';

/** mint on mint.lensdev.near: "assertion failed: Amount must be positive" and QuickJS's stack (test/support/stubTx.ts). */
const JS_ASSERT = 'Bj4ByH4RTsLn9doZTjB9yjpnAHPT3jsAiF4Eo3iUxCXv';
const CODE = 'near-lens-failed-receipt';

interface Tx {
  error?: {
    kind: string;
    message: string;
    explanation: string;
    location?: { path: string; line: number; column: number };
    stack?: Array<{ function: string; file?: string; line?: number }>;
    sources: Array<{ uri: string; line: number; column: number; why: string }>;
  };
}

const ours = (uri: vscode.Uri): vscode.Diagnostic[] =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'NEAR Lens' && typeof d.code === 'object' && d.code.value === CODE);

describe('failures: a JS contract’s failure to its TypeScript line', function () {
  this.timeout(60_000);
  const contractTs = (): vscode.Uri => fixtureUri('contracts/js-mint/src/contract.ts');

  before(async () => {
    await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Show Failure in Code opens src/contract.ts at the assert (not the bundle the stack names), with its Problem', async () => {
    const answer = await vscode.commands.executeCommand<{ uri: string; line: number }>('nearLens.showFailureInCode', { hash: JS_ASSERT });
    assert.deepEqual(answer, { uri: contractTs().toString(), line: 13 });
    const editor = await waitFor(
      () => (vscode.window.activeTextEditor?.document.uri.toString() === contractTs().toString() ? vscode.window.activeTextEditor : undefined),
      { what: 'contracts/js-mint/src/contract.ts in the editor' },
    );
    assert.equal(editor.selection.active.line, 12);
    assert.match(editor.document.lineAt(12).text, /assert\(value > 0n, "Amount must be positive"\);/);
    assert.equal(editor.document.lineAt(12).text.slice(editor.selection.active.character), '"Amount must be positive");');
    const [d] = await waitFor(() => (ours(contractTs()).length === 1 ? ours(contractTs()) : undefined), { what: 'the failure in the Problems panel' });
    assert.ok(d);
    assert.equal(d.range.start.line, 12);
    assert.match(
      d.message,
      /^Panicked in Bj4ByH4R… \(player\.lensdev\.near called mint on mint\.lensdev\.near, .+\): assertion failed: Amount must be positive$/,
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', contractTs(), d.range);
    const dismiss = actions.find((a) => a.title === 'Dismiss');
    assert.ok(dismiss?.command, actions.map((a) => a.title).join());
    await vscode.commands.executeCommand(dismiss.command.command, ...(dismiss.command.arguments ?? []));
    await waitFor(() => ours(contractTs()).length === 0, { what: 'the Problem dismissed' });
  });

  it('the answer has the words without the stack and the stack in frames; the document lists it; the hover names mint', async () => {
    const t = await vscode.commands.executeCommand<Tx>('nearLens.lookupTransaction', { hash: JS_ASSERT, show: false });
    assert.equal(t.error?.message, 'assertion failed: Amount must be positive');
    assert.deepEqual(t.error?.stack, [
      { function: 'assert', file: 'build/contract.js', line: 5 },
      { function: 'mint', file: 'build/contract.js', line: 39 },
      { function: 'mint', file: 'build/contract.js', line: 60 },
    ]);
    assert.deepEqual(
      t.error?.sources.map((s) => [vscode.workspace.asRelativePath(vscode.Uri.parse(s.uri), false), s.line, s.why]),
      [
        ['contracts/js-mint/src/contract.ts', 13, 'message'],
        ['contracts/js-mint/build/contract.js', 39, 'message'],
      ],
    );

    await vscode.commands.executeCommand('nearLens.lookupTransaction', { hash: JS_ASSERT });
    const doc = await waitFor(
      () => {
        const x = vscode.window.activeTextEditor?.document;
        return x?.uri.scheme === 'near-lens' && x.getText().startsWith(`// Transaction ${JS_ASSERT}`) ? x : undefined;
      },
      { timeoutMs: 15_000, what: 'the transaction document' },
    );
    const text = doc.getText();
    assert.match(text, /Panicked \(panic\): mint on mint\.lensdev\.near panicked in mint \(build\/contract\.js:39\)\./);
    assert.match(text, /stack \(innermost first\):\n\/\/ +at assert \(build\/contract\.js:5\)\n\/\/ +at mint \(build\/contract\.js:39\)/);
    assert.match(text, /Go to contracts\/js-mint\/src\/contract\.ts:13 \(the message\): assert\(value > 0n, "Amount must be positive"\);/);
    assert.doesNotMatch(text.slice(0, text.indexOf('\n{')), /failed: .*at assert/, 'the chain’s words in the comments leave the stack out');

    const note = await vscode.workspace.openTextDocument({ content: `the mint failed: ${JS_ASSERT}\n`, language: 'plaintext' });
    const md = await hoverText(note.uri, new vscode.Position(0, 20));
    const plain = md.replace(/\\(.)/g, '$1');
    assert.match(plain, /\*\*Panicked\*\* — mint on mint\.lensdev\.near panicked in mint \(build\/contract\.js:39\)\./, plain);
    assert.match(plain, /\[Go to contracts\/js-mint\/src\/contract\.ts:13\]/, plain);
    await vscode.commands.executeCommand('nearLens.openFailureSource', linkArgs(md, 'Go to contracts/js\\-mint/src/', 'nearLens.openFailureSource'));
    const editor = await waitFor(
      () => (vscode.window.activeTextEditor?.document.uri.toString() === contractTs().toString() ? vscode.window.activeTextEditor : undefined),
      { what: 'the TypeScript line from the hover' },
    );
    assert.equal(editor.selection.active.line, 12);
  });
});
