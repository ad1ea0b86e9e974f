import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** Busy and total CPU time of all cores (the first line of /proc/stat), or undefined off Linux. */
function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the fourth and fifth fields.
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** The share of the machine's CPU time that was busy over the next `ms` milliseconds (0 to 1). */
export async function busyShare(ms = 1000): Promise<number> {
  const before = cpuTimes();
  await sleep(ms);
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return (loadavg()[0] ?? 0) / cpus().length;
  return (after.busy - before.busy) / (after.total - before.total);
}

/**
 * Waits (at most `limitMs`) until the machine is quiet: less than a quarter of its CPU time busy
 * over a second. Measured, not read off the one-minute load average: that average lags a finished
 * step by a minute or more (Lighthouse waited 50 s after the production check on an idle
 * machine, 2026-12-02), while a page measured with a busy CPU loses 10 to 20 points.
 * Returns the seconds waited and the last busy share.
 */
export async function quietMachine(limitMs = 120_000): Promise<{ waited: number; busy: number }> {
  const started = Date.now();
  let busy = await busyShare();
  while (busy >= 0.25 && Date.now() - started < limitMs) busy = await busyShare();
  return { waited: Math.round((Date.now() - started) / 1000), busy };
}
