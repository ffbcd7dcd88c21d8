// The wasm files the workspace built for a contract, each hashed once per modification time. Local file reads only
// (vscode.workspace.fs: the web host too); the folders are model/buildMatch.ts's.
import vscode = require('vscode');
import { BoundedMap } from '../../base/lru';
import { buildFolders, codeHashOf, isBuildFile } from './model/buildMatch';
import type { Build } from './model/buildMatch';
import type { WorkspaceContract } from './model/types';

/** A wasm larger than this is no contract NEAR would take (its limit is 4 MiB): not read. */
const MAX_WASM_BYTES = 8 * 1024 * 1024;

export class WorkspaceBuilds {
  /** Code hash by `uri mtime`: a file is read again only once it was written again. */
  readonly #hashes = new BoundedMap<string, string>(256);
  /** Wasm files read (the unit of "once per mtime"). */
  reads = 0;

  async of(contract: WorkspaceContract): Promise<Build[]> {
    const root = vscode.Uri.parse(contract.folder);
    const found = await Promise.all(
      buildFolders(contract).map(async (folder) => {
        const dir = vscode.Uri.joinPath(root, folder.path);
        let entries: [string, vscode.FileType][];
        try {
          entries = await vscode.workspace.fs.readDirectory(dir);
        } catch {
          return [];
        }
        const files = entries.filter(([name, type]) => type === vscode.FileType.File && isBuildFile(folder, name));
        // Shown relative to the crate when it is inside it ("target/near/hot_game.wasm"), else to the workspace folder.
        const shown = contract.path && folder.path.startsWith(`${contract.path}/`) ? folder.path.slice(contract.path.length + 1) : folder.path;
        return Promise.all(files.map(async ([name]) => this.#build(vscode.Uri.joinPath(dir, name), `${shown}/${name}`)));
      }),
    );
    return found.flat().filter((b): b is Build => b !== undefined);
  }

  async #build(uri: vscode.Uri, path: string): Promise<Build | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_WASM_BYTES) return undefined;
      const key = `${uri.toString()} ${stat.mtime}`;
      let codeHash = this.#hashes.get(key);
      if (codeHash === undefined) {
        this.reads++;
        codeHash = codeHashOf(await vscode.workspace.fs.readFile(uri));
        this.#hashes.set(key, codeHash);
      }
      return { path, mtimeMs: stat.mtime, codeHash };
    } catch {
      return undefined;
    }
  }
}
