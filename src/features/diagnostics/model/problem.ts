// What a diagnostic finder reports: a range of the text, a code that links to its section of docs/DIAGNOSTICS.md, a
// message and the mechanical fixes. Pure: no `vscode`. A secret's text never goes into a Problem (only its range and public key).

export type ProblemCode = 'secret-key' | 'seed-phrase' | 'account-id' | 'missing-account' | 'inexact-amount' | 'failed-receipt' | 'test-panic';

export interface Fix {
  title: string;
  /** Replaces the problem's range. */
  newText: string;
  /** The one mechanical fix (`isPreferred`). */
  preferred?: boolean;
}

export interface Problem {
  code: ProblemCode;
  severity: 'error' | 'warning';
  /** Offsets in the searched text, end exclusive. */
  start: number;
  end: number;
  message: string;
  fixes: Fix[];
}

/** The section of docs/DIAGNOSTICS.md that explains each code: its heading's anchor, which is the code itself. */
export const PROBLEM_ANCHORS: Readonly<Record<ProblemCode, string>> = {
  'secret-key': 'near-lens-secret-key',
  'seed-phrase': 'near-lens-seed-phrase',
  'account-id': 'near-lens-account-id',
  'missing-account': 'near-lens-missing-account',
  'inexact-amount': 'near-lens-inexact-amount',
  /** Not a finder's: Show Failure in Code puts a failed receipt on its line (features/failures). */
  'failed-receipt': 'near-lens-failed-receipt',
  /** Not a finder's: NEAR Lens's task type puts a test run's panic on its line (features/failures/tasks.ts). */
  'test-panic': 'near-lens-test-panic',
};

/** The page that explains every code, one section each (a unit test checks each anchor is a heading there). */
export const DIAGNOSTICS_URL = 'https://github.com/near-lens/near-lens/blob/main/docs/DIAGNOSTICS.md#';

/** Where a code's link in the Problems panel goes (the diagnostic's `code.target`). */
export const problemTarget = (code: ProblemCode): string => DIAGNOSTICS_URL + PROBLEM_ANCHORS[code];

/** The `source` of every NEAR Lens diagnostic, and the workspace-state key of the ignored secret keys (public keys). */
export const DIAGNOSTIC_SOURCE = 'NEAR Lens';
export const IGNORED_KEYS_STATE = 'near-lens.ignored-public-keys';
