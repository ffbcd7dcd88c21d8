// The placeholder chain side until the activity reader is wired in: nothing was read, nothing is ever sent. The
// lenses then say "reading calls…". Swapping it for the real source is one line in src/extension.ts.
import type { ActivityView, ContractActivitySource } from './model/types';

const NONE: ActivityView = { kind: 'none' };

export const noActivity: ContractActivitySource = {
  view: () => NONE,
  want: () => undefined,
  onDidChange: () => ({ dispose: () => undefined }),
};
