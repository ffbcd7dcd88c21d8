// Query Block / RPC Request results in the real editor: read-only documents of NEAR Lens's own scheme (never dirty,
// so closing never asks to save), one tab per kind reused unless pinned (the same query: the same document, refreshed), Recent Results reopening them, and RPC
// Request's "Other method…" keeping what was typed in the picker; after a network switch, an open result says it was
// read on the network before (#45).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, answerNextInputBox, answerNextQuickPick, typeInNextQuickPick, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { resetStub, stubRequests, stubUrls } from '../support/stubClient';

interface RpcCommandResult {
  result: unknown;
  host: 'regular' | 'archival';
  summary: string;
  document: vscode.TextDocument;
}

const SCHEME = 'near-lens';

/** The open tabs showing a NEAR Lens result, in every group. */
function resultTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === SCHEME);
}
const uriOfTab = (t: vscode.Tab | undefined): string => (t?.input instanceof vscode.TabInputText ? t.input.uri.toString() : '');

async function queryBlock(arg: Record<string, unknown>): Promise<RpcCommandResult> {
  const r = await vscode.commands.executeCommand<RpcCommandResult | undefined>('nearLens.queryBlock', arg);
  assert.ok(r, 'a result');
  return r;
}

describe('rpc results', () => {
  let api: NearLensApi;
  before(async () => {
    api = await activateExtension();
  });
  beforeEach(async () => {
    await resetStub();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('after a network switch an open result says plainly it was read on the network before; back there, it no longer does', async () => {
    const r = await queryBlock({ host: 'regular', finality: 'final' });
    const first = r.document.getText();
    const { rpcUrl } = stubUrls();
    const node = `local · ${new URL(rpcUrl).host}`;
    await vscode.commands.executeCommand('nearLens.switchNetwork', { local: rpcUrl, show: false });
    try {
      await waitFor(() => r.document.getText().startsWith('// Read on custom;'), { what: 'the note on the open result' });
      assert.equal(r.document.getText(), `// Read on custom; NEAR Lens now uses ${node}: run it again to read ${node}.\n${first}`);
    } finally {
      assert.equal(await vscode.commands.executeCommand('nearLens.switchNetwork', 'restore'), 'custom');
    }
    await waitFor(() => api.services.settings.endpoints.apiUrl !== '' && r.document.getText() === first, { what: 'the result as read, on its network again' });
  });

  it('Query Block from code returns the exact u64 header timestamp (a digit string), in the document too', async () => {
    const r = await queryBlock({ host: 'regular', finality: 'final', show: false });
    const header = (r.result as { header: Record<string, unknown> }).header;
    assert.equal(header['timestamp'], '1739254177539033760', 'not the rounded 1739254177539033900');
    assert.equal(typeof header['height'], 'number');
    assert.match(r.document.getText(), /"timestamp": "1739254177539033760"/);
  });

  it('two block queries leave one read-only results tab of NEAR Lens’s scheme and no dirty editor', async () => {
    const first = await queryBlock({ host: 'regular', finality: 'final' });
    const second = await queryBlock({ host: 'archival', blockId: 1 });
    const tabs = resultTabs();
    assert.equal(tabs.length, 1, tabs.map((t) => t.label).join(', '));
    assert.equal(uriOfTab(tabs[0]), second.document.uri.toString());
    assert.equal(tabs[0]?.label, 'Block 1.jsonc');
    assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, 1, 'no other tab opened');

    const doc = second.document;
    assert.equal(doc.uri.scheme, SCHEME);
    assert.equal(doc.isUntitled, false);
    assert.equal(doc.languageId, 'jsonc');
    assert.equal(doc.getText().split('\n')[0], `// ${second.summary}`);
    // The second line is the request as curl (Copy as curl, #26), then the JSON.
    assert.match(doc.getText().split('\n')[1] ?? '', /^\/\/ curl -s '/);
    assert.equal((JSON.parse(doc.getText().split('\n').slice(2).join('\n')) as { header: { height: number } }).header.height, 1);
    // The first result's document still holds the first result (each result has its own address).
    assert.equal(first.document.getText().split('\n')[0], `// ${first.summary}`);
    assert.notEqual(first.document.uri.toString(), doc.uri.toString());

    // Read-only: typing into its editor changes nothing (the same keys do change an untitled editor), nothing is dirty.
    const untitled = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: '' }));
    await vscode.commands.executeCommand('type', { text: 'x' });
    assert.equal(untitled.document.getText(), 'x', 'typing reaches a writable editor');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    const editor = await vscode.window.showTextDocument(doc);
    assert.equal(vscode.window.activeTextEditor, editor);
    const before = doc.getText();
    await vscode.commands.executeCommand('type', { text: 'x' });
    await vscode.commands.executeCommand('deleteLeft');
    assert.equal(doc.getText(), before);
    assert.deepEqual(
      vscode.workspace.textDocuments.filter((d) => d.isDirty || d.isUntitled).map((d) => d.uri.toString()),
      [],
    );

    // Closing asks nothing (a dirty editor would wait for a save dialog here). The tabs are read again: VS Code 1.90
    // replaces its Tab objects as the tab model changes and refuses to close one it no longer holds.
    assert.equal(await vscode.window.tabGroups.close(resultTabs()), true);
    assert.equal(resultTabs().length, 0);
  });

  it('the same query three times answers in one document and one tab, closing none', async () => {
    const closed: string[] = [];
    const watch = vscode.window.tabGroups.onDidChangeTabs((e) => closed.push(...e.closed.map(uriOfTab)));
    try {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await queryBlock({ host: 'regular', finality: 'final' }));
      const uris = new Set(results.map((r) => r.document.uri.toString()));
      assert.equal(uris.size, 1, `one address: ${[...uris].join(', ')}`);
      assert.deepEqual(resultTabs().map(uriOfTab), [...uris]);
      assert.deepEqual(closed, [], 'no tab was closed to keep one');
      const list = await vscode.commands.executeCommand<Array<{ uri: string }>>('nearLens.recentResults', { show: false });
      assert.equal(list.filter((r) => uris.has(r.uri)).length, 1, 'Recent Results lists the question once');
    } finally {
      watch.dispose();
    }
  });

  it('keeps one tab per kind, and a pinned result tab stays while the next result opens beside it', async () => {
    await queryBlock({ host: 'regular', finality: 'final' });
    const rpc = await vscode.commands.executeCommand<RpcCommandResult>('nearLens.rpcRequest', { method: 'status', params: [] });
    assert.deepEqual(
      resultTabs().map((t) => t.label),
      ['Block 187,310,138.jsonc', 'status.jsonc'],
    );
    assert.equal(uriOfTab(resultTabs()[1]), rpc.document.uri.toString());

    // Pin the block tab: the next block opens a new tab, and the one after that reuses the new one.
    const blockTab = resultTabs()[0];
    assert.ok(blockTab);
    await vscode.window.showTextDocument((blockTab.input as vscode.TabInputText).uri);
    await vscode.commands.executeCommand('workbench.action.pinEditor');
    assert.equal(resultTabs()[0]?.isPinned, true);
    const b2 = await queryBlock({ host: 'archival', blockId: 2 });
    const b3 = await queryBlock({ host: 'archival', blockId: 3 });
    const labels = resultTabs().map((t) => `${t.label}${t.isPinned ? ' (pinned)' : ''}`);
    assert.deepEqual(labels.sort(), ['Block 187,310,138.jsonc (pinned)', 'Block 3.jsonc', 'status.jsonc'].sort());
    assert.ok(!resultTabs().some((t) => uriOfTab(t) === b2.document.uri.toString()));
    assert.ok(resultTabs().some((t) => uriOfTab(t) === b3.document.uri.toString()));
    assert.equal(await vscode.window.tabGroups.close(resultTabs()), true);
  });

  it('Recent Results lists the results newest first with their summaries and reopens the one chosen in the block tab', async () => {
    const older = await queryBlock({ host: 'archival', blockId: 4 });
    const newer = await queryBlock({ host: 'archival', blockId: 5 });
    const list = await vscode.commands.executeCommand<Array<{ kind: string; summary: string; uri: string }>>('nearLens.recentResults', { show: false });
    assert.deepEqual(
      list.slice(0, 2).map((r) => [r.kind, r.summary, r.uri]),
      [
        ['block', newer.summary, newer.document.uri.toString()],
        ['block', older.summary, older.document.uri.toString()],
      ],
    );
    assert.ok(list.length <= 20);

    // The palette's pick: label + detail are the summary; choosing the older one shows it in the one block tab.
    const offered = answerNextQuickPick((items) => items.find((i) => i.label === 'Block 4'));
    const reopened = await vscode.commands.executeCommand<vscode.TextDocument>('nearLens.recentResults');
    const { items } = await offered;
    assert.deepEqual(
      items.slice(0, 2).map((i) => `${i.label} · ${i.detail}`),
      [newer.summary, older.summary],
    );
    assert.equal(reopened.uri.toString(), older.document.uri.toString());
    const tabs = resultTabs();
    assert.deepEqual(tabs.map(uriOfTab), [older.document.uri.toString()]);
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), older.document.uri.toString());
  });

  it('RPC Request "Other method…" puts the text typed in the picker into the method box', async () => {
    const typed = 'EXPERIMENTAL_light_client_block_proof';
    const offered = typeInNextQuickPick(typed, '$(edit) Other method…');
    const methodBox = answerNextInputBox(typed);
    const hostPick = answerNextQuickPick((items) => items.find((i) => i.label === 'Archival RPC'));
    const run = vscode.commands.executeCommand('nearLens.rpcRequest');
    assert.ok((await offered).includes('block'));
    assert.equal((await methodBox)?.value, typed, 'the method box starts with the typed text');
    await hostPick;
    const params = answerNextInputBox('{}');
    assert.equal((await params)?.value, '{}', 'params template of an unlisted method');
    await run; // the stub does not know the method: the command shows its error (prompted) and returns nothing
    const sent = (await stubRequests()).filter((q) => q.host === 'archival').map((q) => (q.body as { method?: string } | undefined)?.method);
    assert.deepEqual(sent, [typed]);
  });
});
