import type { TConfig } from '@portal/core';

export interface TLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

/** Plain lines on stdout/stderr; the process manager or container adds timestamps and shipping. */
export function createLogger(level: TConfig['LOG_LEVEL']): TLogger {
  const enabled = (wanted: (typeof LEVELS)[number]) => LEVELS.indexOf(wanted) >= LEVELS.indexOf(level);
  const stamp = () => new Date().toISOString();
  return {
    info: (message) => enabled('info') && console.log(`${stamp()} INFO  ${message}`),
    warn: (message) => enabled('warn') && console.warn(`${stamp()} WARN  ${message}`),
    error: (message, error) => {
      if (!enabled('error')) return;
      const detail = error instanceof Error ? `\n${error.stack ?? error.message}` : '';
      console.error(`${stamp()} ERROR ${message}${detail}`);
    },
  };
}
