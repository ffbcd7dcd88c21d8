// The contracts of the open workspace: each Cargo.toml with a near-sdk dependency and each package.json with a
// near-sdk-js one, found once (on the first contract file a lens is asked for) and then kept in step by a file
// watcher — never listed again per lens. Reads through vscode.workspace.fs, so it works in the web host too.
import vscode = require('vscode');
import { cargoCrate, packageCrate } from '../failures/model/search';
import { isRecord } from '../../base/json';
import type { WorkspaceContract } from './model/types';

const MANIFESTS = '**/{Cargo.toml,package.json}';
const SKIPPED = '**/{node_modules,target,.git}/**';
/** The most manifests listed: a workspace of 10,000 files has far fewer. */
const MAX_MANIFESTS = 5000;
const READ_CONCURRENCY = 16;
const MAX_MANIFEST_BYTES = 1_000_000;

/** Whether a Cargo.toml depends on near-sdk (a table key, an inline entry, or a `[dependencies.near-sdk]` table). */
const cargoHasNearSdk = (toml: string): boolean =>
  /^\s*near-sdk\s*=/m.test(toml) || /^\s*\[\s*(?:target\.[^\]]*\.)?(?:dev-)?dependencies\.near-sdk\s*\]/m.test(toml);

function packageHasNearSdkJs(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    if (!isRecord(v)) return false;
    return ['dependencies', 'devDependencies'].some((k) => {
      const deps = v[k];
      return isRecord(deps) && Object.prototype.hasOwnProperty.call(deps, 'near-sdk-js');
    });
  } catch {
    return false;
  }
}

/** The contract a manifest's text declares, or undefined when it declares none. */
export function contractOfManifest(folder: vscode.WorkspaceFolder, manifest: vscode.Uri, text: string): WorkspaceContract | undefined {
  const rust = manifest.path.endsWith('/Cargo.toml');
  if (rust ? !cargoHasNearSdk(text) : !packageHasNearSdkJs(text)) return undefined;
  const crate = rust ? cargoCrate(text) : packageCrate(text);
  const base = folder.uri.path.replace(/\/$/, '');
  const dir = manifest.path.slice(0, manifest.path.lastIndexOf('/'));
  const path = dir.length > base.length ? dir.slice(base.length + 1) : '';
  return {
    path,
    folder: folder.uri.toString(),
    name: crate?.name ?? (path.split('/').pop() || folder.name),
    ...(crate?.repository !== undefined && { repository: crate.repository }),
    language: rust ? 'rust' : 'js',
  };
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return bytes.byteLength > MAX_MANIFEST_BYTES ? undefined : new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

export class WorkspaceContracts implements vscode.Disposable {
  /** By manifest uri. */
  #found: Promise<Map<string, WorkspaceContract>> | undefined;
  #watcher: vscode.FileSystemWatcher | undefined;
  readonly #emitter = new vscode.EventEmitter<void>();
  readonly #folders: vscode.Disposable;
  /** How many times the workspace was listed (the in-editor tests check it is once). */
  listings = 0;
  readonly onDidChange = this.#emitter.event;

  constructor() {
    this.#folders = vscode.workspace.onDidChangeWorkspaceFolders(() => {
      this.#found = undefined;
      this.#emitter.fire();
    });
  }

  /** Every contract of the workspace: listed on the first call, then kept by the watcher. */
  all(): Promise<WorkspaceContract[]> {
    return this.#map().then((m) => [...m.values()]);
  }

  /** The contract whose folder holds `uri` (the deepest one), or undefined. */
  async contractOf(uri: vscode.Uri): Promise<WorkspaceContract | undefined> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return undefined;
    const inFolder = (await this.all()).filter((c) => c.folder === folder.uri.toString());
    const rel = uri.path.slice(folder.uri.path.replace(/\/$/, '').length + 1);
    return inFolder.filter((c) => c.path === '' || rel.startsWith(`${c.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
  }

  #map(): Promise<Map<string, WorkspaceContract>> {
    this.#watch();
    return (this.#found ??= this.#list());
  }

  async #list(): Promise<Map<string, WorkspaceContract>> {
    this.listings++;
    const map = new Map<string, WorkspaceContract>();
    const uris = await vscode.workspace.findFiles(MANIFESTS, SKIPPED, MAX_MANIFESTS);
    for (let i = 0; i < uris.length; i += READ_CONCURRENCY) {
      await Promise.all(uris.slice(i, i + READ_CONCURRENCY).map(async (uri) => this.#read(uri, map)));
    }
    return map;
  }

  async #read(uri: vscode.Uri, map: Map<string, WorkspaceContract>): Promise<void> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const text = folder && (await readText(uri));
    const contract = folder && text !== undefined ? contractOfManifest(folder, uri, text) : undefined;
    if (contract) map.set(uri.toString(), contract);
    else map.delete(uri.toString());
  }

  /** A manifest written, made or deleted: that one file read again (never the whole workspace). */
  #watch(): void {
    if (this.#watcher) return;
    const w = (this.#watcher = vscode.workspace.createFileSystemWatcher(MANIFESTS));
    const again = (uri: vscode.Uri): void => {
      if (/\/(node_modules|target|\.git)\//.test(uri.path) || !this.#found) return;
      void this.#found
        .then((map) => this.#read(uri, map))
        .then(() => this.#emitter.fire())
        .catch(() => undefined);
    };
    w.onDidCreate(again);
    w.onDidChange(again);
    w.onDidDelete(again);
  }

  dispose(): void {
    this.#watcher?.dispose();
    this.#folders.dispose();
    this.#emitter.dispose();
  }
}
