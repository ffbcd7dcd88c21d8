// Transaction hashes in the integrated terminal as links that open Look Up Transaction. Registered at activation
// (https://code.visualstudio.com/api/references/vscode-api#window.registerTerminalLinkProvider): VS Code asks for the
// links of each line the pointer reaches, so the work is the model's regex pass over that line, and a click is the
// command any hash look-up runs.
import vscode = require('vscode');
import { COMMANDS } from '../../manifest';
import { terminalTxLinks } from './model/terminalLinks';

export interface TxTerminalLinkItem extends vscode.TerminalLink {
  hash: string;
  /** What Look Up Transaction is given: the hash, or the explorer URL it is part of. */
  lookup: string;
}

export class TxTerminalLinkProvider implements vscode.TerminalLinkProvider<TxTerminalLinkItem> {
  provideTerminalLinks(context: vscode.TerminalLinkContext): TxTerminalLinkItem[] {
    return terminalTxLinks(context.line).map((l) => ({
      startIndex: l.start,
      length: l.end - l.start,
      tooltip: 'Look Up Transaction (NEAR Lens)',
      hash: l.hash,
      lookup: l.lookup,
    }));
  }

  /** Look Up Transaction says itself what went wrong (a hash not found, no network): nothing to add here. */
  async handleTerminalLink(link: TxTerminalLinkItem): Promise<void> {
    await vscode.commands.executeCommand(COMMANDS.lookupTransaction, { hash: link.lookup });
  }
}
