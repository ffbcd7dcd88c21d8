// What the workspace search leaves out, as one glob for workspace.findFiles: files.exclude and search.exclude (the
// entries set to true), and any folders a caller adds (a failure's search skips node_modules and target).
import vscode = require('vscode');

/** files.exclude and search.exclude as one glob, with `extra` globs; undefined when there is nothing to leave out. */
export function excludeGlob(extra: readonly string[] = []): string | undefined {
  const globs = new Set<string>(extra);
  for (const section of ['files.exclude', 'search.exclude']) {
    const o = vscode.workspace.getConfiguration().get<Record<string, unknown>>(section) ?? {};
    for (const [glob, on] of Object.entries(o)) if (on === true) globs.add(glob);
  }
  return globs.size ? `{${[...globs].join(',')}}` : undefined;
}
