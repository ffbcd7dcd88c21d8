// Row 12: the storm hour, short version (test/support/stormHour.ts: the same phases as the hardening suite's hour in
// 16 simulated minutes, on a fake clock): requests sent through the storm versus the minimum the same work needs
// (the same run against a service that never fails).
import { DEFAULT_RETRIES } from '../src/client/transport';
import { calm, runStormHour, STORM_SHORT } from '../test/support/stormHour';
import type { Row } from './stats';

export async function stormRow(): Promise<Row> {
  const storm = await runStormHour({ phases: STORM_SHORT });
  const quiet = await runStormHour({ phases: calm(STORM_SHORT) });
  const ratio = storm.sent / quiet.sent;
  const peak = Math.max(...storm.perMinute);
  const quietPeak = Math.max(...quiet.perMinute);
  const peakRatio = peak / quietPeak;
  const ceiling = 1 + DEFAULT_RETRIES;
  const minutes = STORM_SHORT.reduce((s, p) => s + p.minutes, 0);
  const fresh = storm.recovery.lastFreshAfterMs / 1000;
  const pass =
    ratio <= 1 &&
    peakRatio <= ceiling &&
    storm.earlySends.length === 0 &&
    storm.problems.length === 0 &&
    storm.recovery.lastFreshAfterMs <= storm.intervalSeconds * 1000;
  return {
    id: 12,
    figure: `storm hour, short: ${minutes} simulated min, ${storm.accounts} accounts, ${storm.intervalSeconds} s auto-refresh, hovers, a panel`,
    measured: `${storm.sent} requests (peak ${peak}/min); ${storm.earlySends.length} before a Retry-After passed; all fresh ${fresh > 0 ? `${fresh} s after recovery` : `by recovery (${-fresh} s before it)`}; ${(storm.realMs / 1000).toFixed(1)} s real`,
    baseline: `minimum: the same work against a service that never fails, ${quiet.sent} requests (peak ${quietPeak}/min)`,
    ratio: `${ratio.toFixed(2)}; peak minute ${peakRatio.toFixed(2)}`,
    target: `≤ 1.0; peak ≤ ${ceiling.toFixed(1)} (1 + retries); 0 early; fresh ≤ ${storm.intervalSeconds} s`,
    pass,
    notes: [
      `Phases: ${STORM_SHORT.map((p) => `${p.name} ${p.minutes} min`).join(', ')}; ${storm.rateLimits.answered} 429s (${storm.rateLimits.seconds} Retry-After in seconds, ${storm.rateLimits.dates} as HTTP dates, ${storm.rateLimits.minWaitS}–${storm.rateLimits.maxWaitS} s).`,
      `Why ≤ 1.0: a 429's Retry-After holds the whole origin (every request in the cooldown fails fast, sending nothing), which saves more than the retries of 503s, resets, stalls and gateway pages cost; a minute of those may cost up to ${ceiling} × (every attempt of every request), hence the peak target.`,
      `The hardening suite runs the full hour with the same code and prints its figures (test/unit/hardening/stormHour.test.ts).${storm.problems.length ? ` Problems: ${storm.problems.slice(0, 3).join('; ')}` : ''}`,
    ],
  };
}
