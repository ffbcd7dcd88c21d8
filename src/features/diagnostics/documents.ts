// How the diagnostics read an open document: which documents are diagnosed, and a document as the engine's TextSource
// (only the ranges it asks for). No state.
import vscode = require('vscode');
import type { TextSource } from './model/engine';

/** Real files and untitled buffers; not our own result documents, output channels or git's copies. */
export function diagnosable(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled' || doc.uri.scheme === 'vscode-remote' || doc.uri.scheme === 'vscode-userdata';
}

export function documentLength(doc: vscode.TextDocument): number {
  return doc.offsetAt(doc.lineAt(doc.lineCount - 1).range.end);
}

/** The document as the engine reads it: only the ranges it asks for. */
export function documentSource(doc: vscode.TextDocument): TextSource {
  return {
    length: documentLength(doc),
    read: (s, e) => doc.getText(new vscode.Range(doc.positionAt(s), doc.positionAt(e))),
    around: (s, e) => {
      const first = Math.max(0, doc.positionAt(s).line - 1);
      const last = Math.min(doc.lineCount - 1, doc.positionAt(e).line + 1);
      return [doc.offsetAt(new vscode.Position(first, 0)), doc.offsetAt(doc.lineAt(last).range.end)];
    },
  };
}
