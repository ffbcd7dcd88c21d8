// Show Failure in Code's Problems: a failed receipt as an Error on its source line (source "NEAR Lens", code
// near-lens-failed-receipt), the transaction as related information and a "Dismiss" quick fix. A Problem stays until
// it is dismissed or its line's text changes; an edit above it moves it with its line. One collection of its own: the
// diagnostics feature republishes its collection per document, which would drop these.
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import { DIAGNOSTIC_SOURCE, PROBLEM_ANCHORS, problemTarget } from '../diagnostics/model/problem';

export const FAILURE_CODE = PROBLEM_ANCHORS['failed-receipt'];

export interface FailureProblem {
  /** Which failure (the transaction's hash and the receipt): shown again, it replaces itself. */
  key: string;
  uri: vscode.Uri;
  /** 0-based. */
  line: number;
  column: number;
  message: string;
  related?: { uri: vscode.Uri; message: string };
}

interface Entry extends FailureProblem {
  /** The line's text when the Problem was put there: it stays while the line reads the same. */
  text: string;
}

/** The arguments of the Dismiss quick fix's command. */
export interface DismissArgs {
  uri: string;
  key: string;
}

export class FailureProblems implements vscode.Disposable, vscode.CodeActionProvider {
  readonly collection = vscode.languages.createDiagnosticCollection('nearLensFailures');
  readonly #entries = new Map<string, Entry[]>();
  readonly #disposables: vscode.Disposable[] = [this.collection];
  #listening = false;

  /** Puts the failure on its line (replacing an earlier one of the same failure in that file). */
  add(p: FailureProblem, doc: vscode.TextDocument): void {
    this.#listen();
    const key = p.uri.toString();
    const text = p.line < doc.lineCount ? doc.lineAt(p.line).text : '';
    const list = (this.#entries.get(key) ?? []).filter((e) => e.key !== p.key);
    list.push({ ...p, text });
    this.#entries.set(key, list);
    this.#publish(p.uri);
  }

  dismiss(a: DismissArgs): boolean {
    const list = this.#entries.get(a.uri);
    const left = list?.filter((e) => e.key !== a.key);
    if (!list || !left || left.length === list.length) return false;
    this.#set(a.uri, left);
    return true;
  }

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const mine = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE && codeOf(d) === FAILURE_CODE);
    if (mine.length === 0) return [];
    const uri = doc.uri.toString();
    return mine.flatMap((d) => {
      const e = this.#entries.get(uri)?.find((x) => x.line === d.range.start.line && x.message === d.message);
      if (!e) return [];
      const dismiss = new vscode.CodeAction('Dismiss', vscode.CodeActionKind.QuickFix);
      dismiss.diagnostics = [d];
      dismiss.isPreferred = true;
      const args: DismissArgs = { uri, key: e.key };
      dismiss.command = { title: 'Dismiss', command: COMMANDS.dismissFailure, arguments: [args] };
      return [dismiss];
    });
  }

  /** The change listener and the quick fix, made with the first Problem (a session that shows none pays nothing). */
  #listen(): void {
    if (this.#listening) return;
    this.#listening = true;
    this.#disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.#changed(e)),
      vscode.languages.registerCodeActionsProvider({ pattern: '**' }, this, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    );
  }

  /** An edit on a Problem's line drops it; an edit above it moves it by the lines added or removed. */
  #changed(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    const list = this.#entries.get(key);
    if (!list || e.contentChanges.length === 0) return;
    const kept: Entry[] = [];
    for (const entry of list) {
      let line = entry.line;
      let gone = false;
      // Changes come last-to-first in the document, each range in the text before it.
      for (const c of e.contentChanges) {
        if (c.range.start.line > line) continue;
        if (c.range.end.line >= line) {
          gone = true;
          break;
        }
        line += c.text.split('\n').length - 1 - (c.range.end.line - c.range.start.line);
      }
      if (!gone && line < e.document.lineCount && e.document.lineAt(line).text === entry.text) kept.push({ ...entry, line });
    }
    this.#set(key, kept);
  }

  #set(key: string, list: Entry[]): void {
    if (list.length === 0) this.#entries.delete(key);
    else this.#entries.set(key, list);
    this.#publish(vscode.Uri.parse(key));
  }

  #publish(uri: vscode.Uri): void {
    const list = this.#entries.get(uri.toString()) ?? [];
    this.collection.set(uri, list.map(diagnostic));
  }

  dispose(): void {
    for (const d of this.#disposables.splice(0)) d.dispose();
    this.#entries.clear();
  }
}

function diagnostic(e: Entry): vscode.Diagnostic {
  const start = new vscode.Position(e.line, Math.max(0, e.column));
  const range = new vscode.Range(start, new vscode.Position(e.line, Math.max(e.text.length, start.character)));
  const d = new vscode.Diagnostic(range, e.message, vscode.DiagnosticSeverity.Error);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = { value: FAILURE_CODE, target: vscode.Uri.parse(problemTarget('failed-receipt')) };
  if (e.related)
    d.relatedInformation = [new vscode.DiagnosticRelatedInformation(new vscode.Location(e.related.uri, new vscode.Position(0, 0)), e.related.message)];
  return d;
}

const codeOf = (d: vscode.Diagnostic): string | undefined => {
  const c = d.code;
  return typeof c === 'object' && c !== null ? String(c.value) : c === undefined ? undefined : String(c);
};
