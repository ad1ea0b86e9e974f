import { readFileSync } from 'node:fs';

/** CPU time (user + system) of a process so far, in microseconds (Linux /proc; 0 elsewhere). */
export function cpuMicros(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}
