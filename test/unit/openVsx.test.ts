// The package for every VS Code it claims: Open VSX's rules (Cursor, VSCodium and Windsurf install from there) —
// an open-source licence shipped beside the code, the repository, no proposed API — and one oldest VS Code named
// alike by engines.vscode, @types/vscode (the compiler refuses a newer API) and the in-editor run's oldest host.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const read = (f: string): string => readFileSync(path.join(ROOT, f), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  license?: string;
  repository?: { type?: string; url?: string };
  engines: { vscode: string };
  enabledApiProposals?: unknown;
  devDependencies: Record<string, string>;
};
/** "major.minor" of a version or range: ^1.90.0 → 1.90. */
const minor = (v: string | undefined): string | undefined => /(\d+\.\d+)/.exec(v ?? '')?.[1];

describe('the package for Open VSX and the oldest VS Code it claims', () => {
  it('has an open-source licence, shipped as LICENSE, and names its repository', () => {
    assert.equal(pkg.license, 'MIT');
    assert.match(read('LICENSE'), /^MIT License\n/);
    // .vscodeignore is an allowlist: LICENSE is in it, so vsce packages it (the packaging E2E checks the listing).
    assert.ok(read('.vscodeignore').split('\n').includes('!LICENSE'));
    assert.equal(pkg.repository?.type, 'git');
    assert.match(pkg.repository?.url ?? '', /^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\.git$/);
  });

  it('uses no proposed API', () => {
    assert.equal(pkg.enabledApiProposals, undefined);
  });

  it('engines.vscode, @types/vscode and the oldest in-editor host name the same VS Code', () => {
    const engines = minor(pkg.engines.vscode);
    assert.match(pkg.engines.vscode, /^\^\d+\.\d+\.0$/);
    // Pinned exactly, so the type check refuses any API newer than the oldest VS Code claimed.
    assert.match(pkg.devDependencies['@types/vscode'] ?? '', /^\d+\.\d+\.\d+$/);
    assert.equal(minor(pkg.devDependencies['@types/vscode']), engines);
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };
    assert.equal(minor(lock.packages['node_modules/@types/vscode']?.version), engines);
    // scripts/setup-host.sh pins the code-server that bundles it (the "oldest" in-editor run).
    const host = /^OLDEST_CODE_SERVER_VERSION=\S+\s+# bundles VS Code (\d+\.\d+)/m.exec(read('scripts/setup-host.sh'));
    assert.equal(host?.[1], engines);
  });
});
