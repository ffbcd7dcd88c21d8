// `npm run bench`: measures every figure against its baseline in one process, prints the table, writes
// docs/BENCHMARKS.md and exits non-zero when a target is missed. Talks only to the loopback stub (127.0.0.1).
// `npm run bench -- --rows 3,34` measures only those rows (a group of rows by any of its ids, e.g. 20 for 20–22, 1 or
// 23 for both bundle sizes) and prints them without rewriting docs/BENCHMARKS.md, which holds whole runs only. Row 3
// needs the production bundle that rows 1 and 23 build: alone, it expects `node esbuild.mjs --production` to have run.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CACHE_ENTRIES } from '../src/client/cache';
import { REFRESH_CONCURRENCY } from '../src/client/limit';
import { startStub } from '../test/support/stub';
import { activateRow } from './activate';
import { contractRow } from './contracts';
import { historyRows } from './history';
import { heapRow, hoverRow } from './hover';
import { diagnosticsRows } from './diagnostics';
import { failureSourcesRow } from './failureSources';
import { peerRows } from './peer';
import { hoverSessionRow } from './hoverSession';
import { dedupeRow, overheadRow, refreshRow } from './network';
import { watchRow } from './watch';
import { activityRow } from './activity';
import { lensQuietReadRow, lensViewsRow } from './contractLens';
import { scanRow, unitHoverRow, unitScanRow } from './scan';
import { stormRow } from './storm';
import { restOutageRow } from './restOutage';
import { txHistoryRow } from './txHistory';
import { ROOT, sizeRows } from './size';
import { txReadRow, txRequestRow } from './transactions';
import { inspectDecodeRow, inspectRequestRow } from './inspect';
import type { Row } from './stats';

/** The row ids after `--rows` (comma-separated); undefined = every row. */
function selectedRows(argv: readonly string[]): Set<number> | undefined {
  const i = argv.indexOf('--rows');
  if (i < 0) return undefined;
  const ids = (argv[i + 1] ?? '').split(',').map((x) => Number(x.trim()));
  if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--rows takes row ids, e.g. --rows 3,34');
  return new Set(ids);
}

const only = selectedRows(process.argv.slice(2));
const wanted = (id: number): boolean => only === undefined || only.has(id);

/** Measures one row, or a group of rows measured together (`id` the first; `also` the others, selectable too). */
async function attempt(id: number, figure: string, fn: () => Promise<Row | Row[]> | Row, also: readonly number[] = []): Promise<Row[]> {
  if (![id, ...also].some(wanted)) return [];
  const t0 = Date.now();
  try {
    const r = await fn();
    console.error(`[bench] row ${id} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return Array.isArray(r) ? r : [r];
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    console.error(`[bench] row ${id} failed:`, e);
    return [{ id, figure, measured: `FAILED: ${message.split('\n')[0] ?? ''}`, baseline: '—', ratio: '—', target: '—', pass: false }];
  }
}

const cell = (s: string): string => s.replace(/\|/g, '\\|');

function table(rows: readonly Row[]): string {
  const head = '| # | figure | measured: median (spread) | baseline | ratio | target | result |\n|---|---|---|---|---|---|---|';
  const body = rows.map((r) =>
    [r.id, r.figure, r.measured, r.baseline, r.ratio, r.target, r.pass === undefined ? 'report' : r.pass ? 'PASS' : 'MISS']
      .map((x) => cell(String(x)))
      .join(' | '),
  );
  return [head, ...body.map((b) => `| ${b} |`)].join('\n');
}

function notes(rows: readonly Row[]): string {
  return rows
    .filter((r) => r.notes && r.notes.length > 0)
    .map((r) => (r.notes ?? []).map((n) => `- row ${r.id}: ${n}`).join('\n'))
    .join('\n');
}

const LOAD_AT_START = os.loadavg();
const loadAverage = (l: readonly number[]): string => l.map((x) => x.toFixed(2)).join(' / ');

function machine(): string {
  const cpus = os.cpus();
  return [
    `- CPU: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores`,
    `- Memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node ${process.version}; load average (1 / 5 / 15 min) at the start ${loadAverage(LOAD_AT_START)}, at the end ${loadAverage(os.loadavg())}`,
    `- Date: ${new Date().toISOString()}`,
  ].join('\n');
}

async function main(): Promise<number> {
  const rows: Row[] = [];
  rows.push(...(await attempt(1, 'bundle sizes', () => sizeRows(), [23])));
  rows.push(...(await attempt(3, 'require + activate', () => activateRow())));
  rows.push(...(await attempt(5, 'identifier scan', () => scanRow())));
  rows.push(...(await attempt(10, 'unit scan', () => unitScanRow())));
  rows.push(...(await attempt(11, 'unit hover', () => unitHoverRow())));
  rows.push(...(await attempt(12, 'storm hour', () => stormRow()))); // its own stub, on a fake clock
  rows.push(...(await attempt(20, 'diagnostics', () => diagnosticsRows(), [21, 22]))); // rows 20–22 (#27)
  // The rows that talk to the shared stub; it is started only when one of them runs.
  const stubRows = [4, 6, 7, 35, 37, 8, 9, 13, 16, 17, 24, 27, 33, 38, 40, 41];
  if (stubRows.some(wanted)) {
    const stub = await startStub();
    try {
      rows.push(...(await attempt(4, 'hover, warm cache', () => hoverRow(stub))));
      rows.push(...(await attempt(6, '50 concurrent look-ups', () => dedupeRow(stub))));
      const c = `REFRESH_CONCURRENCY = ${REFRESH_CONCURRENCY} in src/client/limit.ts`;
      rows.push(...(await attempt(7, 'refresh of 100 accounts', () => refreshRow(stub, REFRESH_CONCURRENCY, `core/limit settleAll, ${c}`))));
      rows.push(...(await attempt(35, 'refresh of 100 watched accounts with changes', () => watchRow(stub, REFRESH_CONCURRENCY))));
      rows.push(...(await attempt(37, 'refresh of 100 watched contracts with their activity', () => activityRow(stub, REFRESH_CONCURRENCY))));
      rows.push(...(await attempt(8, 'client overhead', () => overheadRow(stub))));
      const limit = `CACHE_ENTRIES = ${CACHE_ENTRIES} in src/client/cache.ts`;
      rows.push(...(await attempt(9, 'heap after 10,000 hovers', () => heapRow(stub, CACHE_ENTRIES, limit))));
      rows.push(...(await attempt(13, 'contract interface', () => contractRow(stub))));
      rows.push(...(await attempt(16, 'peer: NEAR Lens vs near-api-js', () => peerRows(stub), [17])));
      rows.push(...(await attempt(24, 'peer: a hover session', () => hoverSessionRow(stub))));
      rows.push(...(await attempt(27, 'history page of 20', () => txHistoryRow(stub))));
      rows.push(...(await attempt(33, 'transactions: requests', () => txRequestRow(stub))));
      rows.push(...(await attempt(38, 'Inspect Transaction: requests', () => inspectRequestRow(stub))));
      rows.push(...(await attempt(40, 'contract lens: 40 views after the first read', () => lensViewsRow(stub))));
      rows.push(...(await attempt(41, 'contract lens: a read with nothing new', () => lensQuietReadRow(stub))));
    } finally {
      await stub.close();
    }
  }
  rows.push(...(await attempt(14, 'balance history', () => historyRows(), [15, 18]))); // its own stub: the model chain
  rows.push(...(await attempt(19, 'REST-only outage', () => restOutageRow()))); // its own stub
  rows.push(...(await attempt(34, 'transactions: record read', () => txReadRow())));
  rows.push(...(await attempt(36, "a failure's sources", () => failureSourcesRow())));
  rows.push(...(await attempt(39, 'Inspect Transaction: reading state changes', () => inspectDecodeRow())));
  rows.sort((a, b) => a.id - b.id);

  const missed = rows.filter((r) => r.pass === false);
  if (only !== undefined) {
    console.log(`\n${table(rows)}\n\n${notes(rows)}\n`);
    console.log(missed.length === 0 ? `Targets met (rows ${[...only].join(', ')} only).` : `Targets missed: ${missed.map((r) => r.id).join(', ')}`);
    return missed.length === 0 ? 0 : 1;
  }
  const md = [
    '# NEAR Lens benchmarks',
    '',
    'Generated by `npm run bench` (bench/run.ts). **Figures are from one run on the machine below**, which may have',
    'been busy with other work at the time: timings are medians over many repetitions (spread p25–p75 unless',
    'stated), with the compared cases interleaved. Everything that crosses HTTP talks to the loopback stub',
    '(test/support/stub.ts on 127.0.0.1), never to the internet.',
    '',
    machine(),
    '',
    table(rows),
    '',
    '## Notes',
    '',
    notes(rows),
    '',
    `Targets missed: ${missed.length === 0 ? 'none' : missed.map((r) => `row ${r.id} (${r.figure})`).join(', ')}.`,
    '',
  ].join('\n');
  writeFileSync(path.join(ROOT, 'docs/BENCHMARKS.md'), md);
  console.log(`\n${table(rows)}\n\n${notes(rows)}\n`);
  console.log(missed.length === 0 ? 'All targets met.' : `Targets missed: ${missed.map((r) => r.id).join(', ')}`);
  console.log('Written to docs/BENCHMARKS.md');
  return missed.length === 0 ? 0 : 1;
}

if (typeof globalThis.gc !== 'function') {
  // The heap row needs --expose-gc: run again in a child with it (same tsx loader).
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
} else {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
