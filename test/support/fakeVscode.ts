// Loads a src/ module with `vscode` resolved to a fake object, so VS Code glue can be unit-tested under
// plain mocha (the real editor is covered by test/integration/).
import Module, { createRequire } from 'node:module';

interface ModuleInternals {
  _resolveFilename(request: string, ...rest: unknown[]): string;
}

/** require(absPath) while `vscode` resolves to `fake` (registered in the require cache under `id`). */
export function loadWithFakeVscode<T>(fake: object, id: string, absPath: string): T {
  const internals = Module as unknown as ModuleInternals;
  const original = internals._resolveFilename;
  internals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    return request === 'vscode' ? id : original.call(this, request, ...rest);
  };
  const req = createRequire(__filename);
  const m = new Module(id);
  m.exports = fake;
  m.loaded = true;
  req.cache[id] = m;
  try {
    return req(absPath) as T;
  } finally {
    internals._resolveFilename = original;
  }
}
