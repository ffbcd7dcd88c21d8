// Fixes for the panics a NEAR developer meets most, by their words: Rust's own (unwrap, overflow, index), near-sdk's
// checks (deposit, private, init) and near-contract-standards' token errors. Pure: no `vscode`, no I/O; the message is
// untrusted and read only by anchored, linear patterns over its first characters.

export interface PanicCall {
  receiver: string;
  method?: string;
  /** The deposit the failing call attached, in words ("1 yoctoNEAR", "0.5 NEAR"). */
  deposit?: string;
}

type Fix = (m: RegExpExecArray, call: PanicCall) => string;

const attached = (call: PanicCall): string => (call.deposit === undefined ? '' : ` (this call attached ${call.deposit})`);

const FIXES: ReadonlyArray<readonly [RegExp, Fix]> = [
  [
    /^called `Option::unwrap\(\)` on a `None` value/,
    () => 'An unwrap() met None there: handle the missing case (expect("why") or require!) so callers get a reason.',
  ],
  [/^called `Result::unwrap\(\)` on an `Err` value/, () => 'An unwrap() met an Err there: handle or return the error (expect("why") at least names it).'],
  [
    /^attempt to (?:add|subtract|multiply|negate|shift left|shift right|divide|calculate the remainder) with overflow/,
    () => 'An integer overflowed (overflow-checks are on): use checked_* or saturating_* arithmetic and say what went wrong.',
  ],
  [/^attempt to (?:divide|calculate the remainder) (?:with a divisor of|by) zero/, () => 'A division by zero: check the divisor first (checked_div).'],
  [/^index out of bounds: the len is \d{1,20} but the index is \d{1,20}/, () => 'An index went past the end: use .get(i) and handle None.'],
  [/^Method \S{1,256} doesn't accept deposit/, (_, call) => `Call it with no deposit${attached(call)}, or mark the method #[payable].`],
  [/^Method \S{1,256} is private/, (_, call) => `Only ${call.receiver} itself may call it (#[private], meant for callbacks): call a public method instead.`],
  [
    /^Requires attached deposit of exactly 1 yoctoNEAR/,
    (_, call) => `Attach exactly 1 yoctoNEAR (deposit "1")${attached(call)}: it proves a full-access key signed.`,
  ],
  [/^Requires attached deposit of at least 1 yoctoNEAR/, (_, call) => `Attach at least 1 yoctoNEAR${attached(call)}: it proves a full-access key signed.`],
  [/^The contract is not initialized/, (_, call) => `Call ${call.receiver}'s #[init] method (often new) once after the deploy, or deploy with an init call.`],
  [/^The contract has already been initialized/, () => 'Init runs once per account: call another method, or migrate with #[init(ignore_state)].'],
  [
    /^The account \S{1,64} is not registered/,
    (_, call) => `Register the account first: storage_deposit on ${call.receiver} for it (storage_balance_bounds gives the amount).`,
  ],
  [
    /^The account doesn't have enough balance/,
    (_, call) => `The sender's token balance on ${call.receiver} is below the amount sent: check ft_balance_of first.`,
  ],
];

/** A fix for a known panic message, or undefined. */
export function panicFix(message: string, call: PanicCall): string | undefined {
  for (const [re, fix] of FIXES) {
    const m = re.exec(message);
    if (m) return fix(m, call);
  }
  return undefined;
}
