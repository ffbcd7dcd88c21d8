// Markdown links that run one of our commands, as every hover builds them. A hover trusts only its allowlisted
// commands (MarkdownString.isTrusted = { enabledCommands }), so the ids a piece of markdown links to can be listed
// and checked. Pure: no `vscode`.
import { escapeMarkdown } from '../base/text';
import type { CommandId } from '../manifest';

/**
 * `[label](command:id?<args>)`: the arguments JSON-encoded as the command's argument list and URI-encoded, parentheses
 * too (they would end the link); the label escaped.
 */
export function commandLink(label: string, command: CommandId, ...args: unknown[]): string {
  const query = encodeURIComponent(JSON.stringify(args)).replace(/\(/g, '%28').replace(/\)/g, '%29');
  return `[${escapeMarkdown(label)}](command:${command}?${query})`;
}

/** Every `command:` id used by links in some markdown (for tests and a defensive check). */
export function commandIdsIn(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(command:([^?)\s]+)/g)].map((m) => m[1] ?? '');
}
