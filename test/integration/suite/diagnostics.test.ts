// In-editor: NEAR Lens diagnostics in the Problems panel — a secret key in a .env (with the accounts its public key
// controls once the stub answers), "Alice.near" and its quick fix applied, an inexact amount, a missing id with the
// setting on and off, nothing on the real-code fixture, and the secret never reaching the stub.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, captureMessages, fixtureUri, openFixture, setUserSetting, waitFor } from '../support/editor';
import type { NearLensApi } from '../support/editor';
import { clearStubRequests, resetStub, stubRequests } from '../support/stubClient';

// The made-up key of test/fixtures/workspace/deploy.env (an arithmetic seed, never a real key) and its public key.
const SECRET_PAYLOAD = 'RVKfLsY8z7SsztZTQ1FPkSdkziJ38qu4fKFXNistgMQeN4YbUKZMfgCchdn8kPwnbCN4pjR7MfmRNKRkLse287J';
const PUBLIC_KEY = 'ed25519:4GxzbYaqMYRKHoALZMthn6G43pNycaYFjJmad1Suk3Lt';

function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'NEAR Lens');
}
/** Every line NEAR Lens logs (info, warnings, errors, requests) until `stop()`, still written to the log. */
function captureLog(api: NearLensApi): { lines: string[]; stop(): void } {
  const log = api.services.log;
  const saved = { info: log.info, warn: log.warn, error: log.error, request: log.request };
  const lines: string[] = [];
  for (const k of ['info', 'warn', 'error', 'request'] as const) {
    const original = saved[k] as (x: never) => void;
    (log as unknown as Record<string, (x: unknown) => void>)[k] = (x: unknown) => {
      lines.push(JSON.stringify(x));
      original(x as never);
    };
  }
  return { lines, stop: () => void Object.assign(log, saved) };
}

async function scanSecrets(): Promise<{ filesRead: number; secrets: { uri: string; line: number; publicKey: string }[] }> {
  return vscode.commands.executeCommand('nearLens.scanWorkspaceSecrets', { show: false });
}

const codeOf = (d: vscode.Diagnostic): string => String(typeof d.code === 'object' ? d.code.value : d.code);

async function diagnosticsOf(name: string, what: string, ok: (ds: vscode.Diagnostic[]) => boolean): Promise<vscode.Diagnostic[]> {
  const editor = await openFixture(name);
  return waitFor(
    () => {
      const ds = ours(editor.document.uri);
      return ok(ds) ? ds : undefined;
    },
    { what, timeoutMs: 10_000 },
  );
}

describe('diagnostics (Problems panel)', () => {
  before(async () => {
    await resetStub();
    await activateExtension();
  });
  afterEach(async () => {
    await setUserSetting('nearLens.diagnostics.missingAccounts', undefined);
    await setUserSetting('nearLens.diagnostics.enabled', undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a secret key in a .env: an error with its public key, then the account it controls; the secret never sent, logged or shown', async () => {
    await clearStubRequests();
    const log = captureLog(await activateExtension());
    const shown = captureMessages();
    const ds = await diagnosticsOf('deploy.env', 'the secret-key error with the accounts line', (d) =>
      d.some((x) => x.message.includes('controls leaky.near with full access')),
    );
    const d = ds.find((x) => codeOf(x) === 'near-lens-secret-key');
    assert.ok(d, JSON.stringify(ds));
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.ok(d.message.startsWith('NEAR secret key in this file'), d.message);
    assert.ok(d.message.includes(PUBLIC_KEY), d.message);
    assert.ok(!d.message.includes(SECRET_PAYLOAD));
    assert.match(String(typeof d.code === 'object' && d.code.target), /#near-lens-secret-key$/);
    // The quick actions: copy the public key, show its accounts, ignore it (none carries the secret).
    const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', fixtureUri('deploy.env'), d.range)) ?? [];
    const titles = actions.map((a) => a.title);
    for (const t of ['Copy Public Key', 'Show Accounts of This Key', 'Ignore This Key in This Workspace']) assert.ok(titles.includes(t), titles.join(' | '));
    assert.ok(!JSON.stringify(actions.map((a) => a.command)).includes(SECRET_PAYLOAD));
    assert.equal(await vscode.commands.executeCommand('nearLens.copyPublicKey', PUBLIC_KEY), PUBLIC_KEY);
    assert.equal(await vscode.env.clipboard.readText(), PUBLIC_KEY);
    // What the stub saw: the public key, never the secret (nor any part of it).
    const requests = await stubRequests();
    assert.ok(
      requests.some((r) => decodeURIComponent(r.path).includes(PUBLIC_KEY)),
      'the public key was looked up',
    );
    const seen = JSON.stringify(requests);
    assert.ok(!seen.includes(SECRET_PAYLOAD) && !seen.includes(SECRET_PAYLOAD.slice(0, 20)), 'the secret never reached the stub');
    // Ignored (per workspace), then listed and restored.
    await vscode.commands.executeCommand('nearLens.ignoreSecretKey', PUBLIC_KEY, { show: false });
    await waitFor(() => (ours(fixtureUri('deploy.env')).some((x) => codeOf(x) === 'near-lens-secret-key') ? undefined : true), {
      what: 'the ignored key gone',
    });
    assert.deepEqual(await vscode.commands.executeCommand('nearLens.ignoredSecretKeys', { show: false }), [PUBLIC_KEY]);
    assert.deepEqual(await vscode.commands.executeCommand('nearLens.ignoredSecretKeys', { unignore: PUBLIC_KEY }), []);
    await waitFor(() => ours(fixtureUri('deploy.env')).some((x) => codeOf(x) === 'near-lens-secret-key'), { what: 'the key reported again' });
    // Scan Workspace with its message shown: it names the count, not the secret.
    await vscode.commands.executeCommand('nearLens.scanWorkspaceSecrets');
    shown.stop();
    log.stop();
    assert.ok(
      shown.messages.some((m) => /NEAR Lens: Scanned \d+ files: 1 secret key in 1 file/.test(m.text)),
      JSON.stringify(shown.messages),
    );
    assert.ok(log.lines.length > 0, 'the look-ups were logged');
    for (const text of [...log.lines, ...shown.messages.map((m) => m.text)]) assert.ok(!text.includes(SECRET_PAYLOAD.slice(0, 20)), `no secret in: ${text}`);
  });

  it('"Alice.near": a warning naming the rule, and its preferred quick fix applied; an inexact amount', async function () {
    this.timeout(60_000); // a code action round trip and a save: slow on a loaded machine
    // The fix edits a shared fixture: its text on disk is put back at the end, whatever the run (the later runs of
    // the suite, untrusted and web, read the same file).
    const original = new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri('receivers.ts')));
    try {
      await aliceWarningAndFix();
    } finally {
      const doc = await vscode.workspace.openTextDocument(fixtureUri('receivers.ts'));
      if (doc.getText() !== original) {
        const back = new vscode.WorkspaceEdit();
        back.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), original);
        await vscode.workspace.applyEdit(back);
      }
      if (doc.isDirty) await doc.save();
    }
  });

  async function aliceWarningAndFix(): Promise<void> {
    const ds = await diagnosticsOf('receivers.ts', 'the account-id warning', (d) => d.some((x) => codeOf(x) === 'near-lens-account-id'));
    const d = ds.find((x) => codeOf(x) === 'near-lens-account-id')!;
    assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(d.message, '"Alice.near" is not a valid NEAR account id: uppercase letters are not allowed in NEAR account ids.');
    const amount = ds.find((x) => codeOf(x) === 'near-lens-inexact-amount');
    assert.ok(amount?.message.startsWith('A float cannot hold this amount exactly: 1.5e24 is 1500000000000000000000000 yoctoNEAR'), amount?.message);
    const uri = fixtureUri('receivers.ts');
    const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, d.range)) ?? [];
    const fix = actions.find((a) => a.title === 'Change to "alice.near"');
    assert.ok(fix?.edit && fix.isPreferred, actions.map((a) => a.title).join(' | '));
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.ok(doc.getText().includes("receiverId = 'alice.near'"));
    await waitFor(() => (ours(uri).some((x) => codeOf(x) === 'near-lens-account-id') ? undefined : true), { what: 'the warning gone after the fix' });
  }

  it('a missing account: only with nearLens.diagnostics.missingAccounts on, with "did you mean"', async () => {
    const uri = fixtureUri('receivers.ts');
    await diagnosticsOf('receivers.ts', 'the file diagnosed', (d) => d.length > 0);
    assert.ok(!ours(uri).some((x) => codeOf(x) === 'near-lens-missing-account'), 'off by default');
    await setUserSetting('nearLens.diagnostics.missingAccounts', true);
    const ds = await waitFor(
      () => {
        const m = ours(uri).filter((x) => codeOf(x) === 'near-lens-missing-account');
        return m.some((x) => x.message.includes('did you mean')) ? m : undefined;
      },
      { what: 'the missing-account warning', timeoutMs: 10_000 },
    );
    assert.deepEqual(
      ds.map((x) => x.message),
      ['alicee.near: no such account on custom (did you mean alice.near?).'],
    );
    await setUserSetting('nearLens.diagnostics.missingAccounts', false);
    await waitFor(() => (ours(uri).some((x) => codeOf(x) === 'near-lens-missing-account') ? undefined : true), { what: 'no missing-account warning' });
  });

  it('nothing on the real-code fixtures; nothing at all with nearLens.diagnostics.enabled off', async () => {
    for (const f of ['frontend/wallet.ts', 'frontend/config.json', 'frontend/lib.rs', 'frontend/README.md']) {
      const editor = await openFixture(f);
      const api = await activateExtension();
      const host = api.diagnostics.host ?? api.diagnostics.start();
      // Diagnosed now (not after the debounce): what it publishes is what the Problems panel gets.
      assert.deepEqual(
        host.diagnose(editor.document).map((d) => d.message),
        [],
        f,
      );
      assert.deepEqual(
        ours(editor.document.uri).map((d) => d.message),
        [],
        f,
      );
    }
    await diagnosticsOf('receivers.ts', 'the file diagnosed', (d) => d.length > 0);
    await setUserSetting('nearLens.diagnostics.enabled', false);
    await waitFor(() => (ours(fixtureUri('receivers.ts')).length === 0 ? true : undefined), { what: 'diagnostics off' });
  });

  it('Scan Workspace for Secret Keys… publishes the .env key of a file whose editor was closed (open, close, scan; show: false)', async () => {
    // The case #31 reproduces: VS Code keeps a document in workspace.textDocuments after its editor closes, and the
    // scan used to leave any such file unpublished while its summary counted it.
    // As the suite ran in CI: the file diagnosed while open, diagnostics switched off and on again (the open path
    // re-reads its documents only after its debounce), the editor closed, then the scan.
    await diagnosticsOf('deploy.env', 'the open file diagnosed', (d) => d.some((x) => codeOf(x) === 'near-lens-secret-key'));
    await setUserSetting('nearLens.diagnostics.enabled', false);
    await waitFor(() => (ours(fixtureUri('deploy.env')).length === 0 ? true : undefined), { what: 'diagnostics off' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setUserSetting('nearLens.diagnostics.enabled', undefined);
    const result = await scanSecrets();
    assert.ok(result.filesRead >= 5, JSON.stringify(result));
    assert.deepEqual(
      result.secrets.map((s) => [s.uri.split('/').pop(), s.line, s.publicKey]),
      [['deploy.env', 3, PUBLIC_KEY]],
    );
    assert.ok(
      ours(fixtureUri('deploy.env')).some((x) => codeOf(x) === 'near-lens-secret-key'),
      'every file the scan counts shows its key in the Problems panel',
    );
  });

  it('Scan Workspace for Secret Keys…: a never-opened file found by the scan is cleared when fixed on disk, shown again, cleared when deleted', async function () {
    this.timeout(60_000);
    const uri = vscode.Uri.joinPath(fixtureUri('deploy.env'), '..', 'scan-temp.env');
    const keyText = new TextEncoder().encode(`NEAR_PRIVATE_KEY=ed25519:${SECRET_PAYLOAD}\n`);
    const hasKey = (): boolean => ours(uri).some((x) => codeOf(x) === 'near-lens-secret-key');
    try {
      await vscode.workspace.fs.writeFile(uri, keyText);
      const first = await scanSecrets();
      assert.ok(
        first.secrets.some((s) => s.uri === uri.toString() && s.publicKey === PUBLIC_KEY),
        JSON.stringify(first.secrets),
      );
      assert.ok(hasKey(), 'published by the scan');
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('NEAR_PRIVATE_KEY=\n'));
      await waitFor(() => (hasKey() ? undefined : true), { what: 'cleared once the file on disk holds no key', timeoutMs: 15_000 });
      await vscode.workspace.fs.writeFile(uri, keyText);
      await scanSecrets();
      assert.ok(hasKey(), 'published again by a second scan');
      await vscode.workspace.fs.delete(uri);
      await waitFor(() => (hasKey() ? undefined : true), { what: 'cleared once the file is deleted', timeoutMs: 15_000 });
    } finally {
      await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    }
  });
});
