// The inlay hints NEAR Lens draws after something found on a line (an account's balance, a literal's unit): the lines
// of the asked range, stopping as soon as the editor cancels, one padded hint at the end of each find.
import vscode = require('vscode');

/** A hint for one find on a line: where the find ends on the line, what the hint says, and its tooltip. */
export interface LineHint {
  end: number;
  label: string;
  tooltip?: string;
}

/** The hints of each line of `range` (`hintsOn` by line number), in order. */
export function hintsInRange(
  document: vscode.TextDocument,
  range: vscode.Range,
  token: vscode.CancellationToken,
  hintsOn: (line: number) => readonly LineHint[],
): vscode.InlayHint[] {
  const hints: vscode.InlayHint[] = [];
  for (let line = range.start.line; line <= range.end.line && line < document.lineCount && !token.isCancellationRequested; line++) {
    for (const h of hintsOn(line)) {
      const hint = new vscode.InlayHint(new vscode.Position(line, h.end), h.label, vscode.InlayHintKind.Type);
      if (h.tooltip !== undefined) hint.tooltip = h.tooltip;
      hint.paddingLeft = true;
      hints.push(hint);
    }
  }
  return hints;
}
