// Transaction hashes in the integrated terminal as links that open Look Up Transaction. Registered at activation
// (https://code.visualstudio.com/api/references/vscode-api#window.registerTerminalLinkProvider): VS Code asks for the
// links of each line the pointer reaches, so the work is the model's regex pass over that line, and a click is the
// look-up any hash runs — told the account ids of the terminal's own lines around the link (model/terminalSigners.ts),
// for a node that needs the signer, never the active editor's.
import vscode = require('vscode');
import { terminalTxLinks } from './model/terminalLinks';
import { printedLines, terminalSigners } from './model/terminalSigners';
import type { SignerCandidate } from './model/terminalSigners';

export interface TxTerminalLinkItem extends vscode.TerminalLink {
  hash: string;
  /** What Look Up Transaction is given: the hash, or the explorer URL it is part of. */
  lookup: string;
  /** The line it is on, and its terminal: where the signer is looked for. */
  line: string;
  terminal: vscode.Terminal;
}

/** Opens Look Up Transaction for a link, with the ids that may have signed it. */
export type OpenTx = (lookup: string, near: readonly SignerCandidate[]) => Promise<unknown>;

/** Lines handed to the provider kept per terminal, and printed text kept per terminal: both bounded. */
const SEEN_LINES = 60;
const PRINTED_CHARS = 200_000;

/**
 * What NEAR Lens has of each terminal's text: the lines VS Code asked links for (the pointer's way to a link), and,
 * where the editor has shell integration (VS Code 1.93+), what its commands printed, read as it is written. Kept in
 * memory only, per terminal object (gone with it), bounded; read only on a click.
 */
export class TerminalText {
  readonly #seen = new WeakMap<vscode.Terminal, string[]>();
  readonly #printed = new WeakMap<vscode.Terminal, string>();

  /** A line VS Code asked links for: the latest first, each once. */
  saw(terminal: vscode.Terminal, line: string): void {
    const lines = this.#seen.get(terminal) ?? [];
    this.#seen.set(terminal, [line, ...lines.filter((l) => l !== line)].slice(0, SEEN_LINES));
  }

  seen(terminal: vscode.Terminal): readonly string[] {
    return this.#seen.get(terminal) ?? [];
  }

  /** Follows one command's output (shell integration's `read()`); a stream that fails ends quietly. */
  async follow(terminal: vscode.Terminal, output: AsyncIterable<string>): Promise<void> {
    try {
      for await (const chunk of output) {
        const text = (this.#printed.get(terminal) ?? '') + chunk;
        this.#printed.set(terminal, text.length > PRINTED_CHARS ? text.slice(-PRINTED_CHARS) : text);
      }
    } catch {
      // the terminal closed under the read: what was read stays
    }
  }

  printed(terminal: vscode.Terminal): readonly string[] {
    const text = this.#printed.get(terminal);
    return text === undefined ? [] : printedLines(text);
  }
}

/** Shell integration's command events, in the editors that have them (VS Code 1.93+; not in @types/vscode 1.90). */
interface ShellExecutionEvents {
  readonly onDidStartTerminalShellExecution?: vscode.Event<{ readonly terminal: vscode.Terminal; readonly execution: { read(): AsyncIterable<string> } }>;
}

/** Follows every command's output where the editor can tell it (nothing to do elsewhere): each read from its start. */
export function followShellOutput(text: TerminalText): vscode.Disposable | undefined {
  const events = vscode.window as unknown as ShellExecutionEvents;
  return events.onDidStartTerminalShellExecution?.((e) => void text.follow(e.terminal, e.execution.read()));
}

export class TxTerminalLinkProvider implements vscode.TerminalLinkProvider<TxTerminalLinkItem> {
  constructor(
    private readonly open: OpenTx,
    readonly text = new TerminalText(),
  ) {}

  provideTerminalLinks(context: vscode.TerminalLinkContext): TxTerminalLinkItem[] {
    this.text.saw(context.terminal, context.line);
    return terminalTxLinks(context.line).map((l) => ({
      startIndex: l.start,
      length: l.end - l.start,
      tooltip: 'Look Up Transaction (NEAR Lens)',
      hash: l.hash,
      lookup: l.lookup,
      line: context.line,
      terminal: context.terminal,
    }));
  }

  /** Look Up Transaction says itself what went wrong (a hash not found, no network): nothing to add here. */
  async handleTerminalLink(link: TxTerminalLinkItem): Promise<void> {
    const { terminal, line } = link;
    await this.open(link.lookup, terminalSigners(line, this.text.printed(terminal), this.text.seen(terminal)));
  }
}
