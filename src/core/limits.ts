// Concurrency and memory bounds shared by the features and the bench. Pure: no `vscode`, no I/O.

/** Accounts refreshed at once by the watchlist's Refresh All. */
export const REFRESH_CONCURRENCY = 4;
/** RPC look-ups (token metadata, pool balances) one view or panel runs at once. */
export const LOOKUP_CONCURRENCY = 6;
/** Entries of the cache every client shares: bounds memory whatever is hovered. */
export const CACHE_ENTRIES = 1000;
