// The contract blocks of one source file, by its language: Rust's `#[near]` impl blocks or near-sdk-js's
// `@NearBindgen` classes. Pure: no `vscode`.
import { jsContractBlocks } from './jsContracts';
import { rustContractBlocks } from './rustContracts';
import type { ContractBlock } from './types';

/** The languages whose files hold contract blocks (VS Code's language ids). */
export const CONTRACT_LANGUAGES = ['rust', 'typescript', 'javascript'] as const;
export type ContractLanguage = (typeof CONTRACT_LANGUAGES)[number];

export const isContractLanguage = (id: string): id is ContractLanguage => (CONTRACT_LANGUAGES as readonly string[]).includes(id);

/** The file's contract blocks with 0-based positions; [] for a file with none. */
export function contractBlocks(text: string, language: ContractLanguage): ContractBlock[] {
  // Most files of a workspace hold no contract: one search of the raw text spares them the masking pass.
  if (language === 'rust') return /#\s*\[\s*(?:near_sdk\s*::\s*)?near/.test(text) ? rustContractBlocks(text) : [];
  return text.includes('NearBindgen') ? jsContractBlocks(text) : [];
}
