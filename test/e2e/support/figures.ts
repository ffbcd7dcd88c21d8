// The figures the E2E expects on screen, computed here from the stub's fixture JSON with BigInt — independently of
// src/near/amounts.ts, so a wrong digit in the extension's arithmetic or formatting cannot also be in the oracle.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURES = path.resolve(__dirname, '../../fixtures');
const YOCTO_PER_NEAR = 10n ** 24n;
const YOCTO_PER_BYTE = 10n ** 19n; // storage staking price: 1e19 yoctoNEAR per byte

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Every digit: "240.42056220352805922699188 NEAR" (fraction without trailing zeros). */
export function exactNear(yocto: bigint): string {
  const int = yocto / YOCTO_PER_NEAR;
  const frac = (yocto % YOCTO_PER_NEAR).toString().padStart(24, '0').replace(/0+$/, '');
  return `${group(int.toString())}${frac ? `.${frac}` : ''} NEAR`;
}

/** Rounded down to `decimals` places, trailing zeros trimmed: "240.42056 NEAR" (the default nearLens.display.decimals is 5). */
export function shownNear(yocto: bigint, decimals = 5): string {
  const int = yocto / YOCTO_PER_NEAR;
  const frac = (yocto % YOCTO_PER_NEAR).toString().padStart(24, '0').slice(0, decimals).replace(/0+$/, '');
  return `${group(int.toString())}${frac ? `.${frac}` : ''} NEAR`;
}

/** Bytes as the panel shows them: grouped, with KiB (one decimal, rounded down) from 1 KiB up to 1 MiB. */
export function shownBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) throw new Error('shownBytes: no fixture this large yet (the panel switches to MiB)');
  const tenths = Math.floor((bytes * 10) / 1024); // KiB in tenths, rounded down, by integer arithmetic
  return `${group(String(bytes))} bytes${bytes >= 1024 ? ` (${Math.floor(tenths / 10)}.${tenths % 10} KiB)` : ''}`;
}

export interface Expected {
  accountId: string;
  balance: bigint;
  locked: bigint;
  storageBytes: number;
  pinned: bigint;
  total: bigint;
  spendable: bigint;
  /** How many fungible tokens, NFT collections and staking pools the service lists. */
  counts: { tokens: number; nfts: number; pools: number };
}

/** What the stub serves for `accountId` (test/fixtures/fastnear-v1-account-full-<id>.json), with the derived amounts. */
export function expectedAccount(accountId: string): Expected {
  const file = path.join(FIXTURES, `fastnear-v1-account-full-${accountId}.json`);
  const full = JSON.parse(readFileSync(file, 'utf8')) as {
    state: { balance: string; locked: string; storage_bytes: number };
    tokens: unknown[];
    nfts: unknown[];
    pools: unknown[];
  };
  const balance = BigInt(full.state.balance);
  const locked = BigInt(full.state.locked);
  const storageBytes = full.state.storage_bytes;
  const pinned = BigInt(storageBytes) * YOCTO_PER_BYTE;
  const counts = { tokens: full.tokens.length, nfts: full.nfts.length, pools: full.pools.length };
  return { accountId, balance, locked, storageBytes, pinned, total: balance + locked, spendable: balance - pinned, counts };
}

/** The chain head the stub's RPC serves (test/fixtures/rpc-block-by-height-testnet-<height>.json). */
export function stubHeadBlock(): { height: number; hash: string } {
  const name = 'rpc-block-by-height-testnet-187310138.json';
  const body = JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as {
    result?: { header: { height: number; hash: string } };
    header?: { height: number; hash: string };
  };
  const header = body.result?.header ?? body.header;
  if (!header) throw new Error(`${name} has no block header`);
  return { height: header.height, hash: header.hash };
}
