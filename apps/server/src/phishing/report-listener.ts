import {
  completePhishingReport,
  createReportReader,
  MAX_HEADER_BYTES,
  reportSessionDeferral,
  screenPhishingReport,
  type TReportInboxOptions,
  type TReportOutcome,
  type TReportReaderOptions,
  type TReportScreening,
} from '@portal/core';
import type { TDatabase } from '@portal/db';
import { SMTPServer } from 'smtp-server';
import type { TLogger } from '../logger.ts';

export interface TReportListenerOptions extends TReportInboxOptions {
  db: TDatabase;
  port: number;
  host: string;
  /**
   * The name the greeting and the EHLO answer give: the host of the portal's public address
   * (main.ts), never the machine's own (smtp-server's default). Without it, the report addresses' domain.
   */
  name?: string;
  /** The report addresses, lower-cased: every other recipient is refused. */
  addresses: readonly string[];
  maxBytes: number;
  logger: Pick<TLogger, 'info' | 'warn'>;
  /**
   * How long a drain waits for sessions in progress before it ends them with 421 (the sender
   * tries again later, nothing is lost); sending servers may keep a session open between mails.
   */
  closeTimeoutMs?: number;
  /** The reader's time per report and its limits of parts and depth (report-reader.ts has the defaults). */
  reading?: Pick<TReportReaderOptions, 'timeoutMs' | 'limits'>;
  /** Bytes of mail data taken in per second over all sessions of the process (default INTAKE_BYTES_PER_SECOND). */
  intakeBytesPerSecond?: number;
}

export interface TReportListener {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  /** Stops accepting, lets the sessions in progress end (up to the close timeout). */
  close(): Promise<void>;
}

const noop = () => {};

/** An SMTP reply: smtp-server answers an error with its `responseCode`. */
const reply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** Concurrent SMTP sessions per process: a report is small work, a flood waits at the TCP level. */
const MAX_CLIENTS = 50;

/**
 * Bytes of reports held in memory per process at one time, in reports of the largest size: beyond
 * it a report is read to its end but not kept and is deferred (451), so fifty sessions that each
 * send the largest report cannot take fifty times its size.
 */
const BUFFERED_REPORTS = 8;

/**
 * Mail data the inbox takes in per second, over all sessions of a process. Reading SMTP data costs
 * the event loop that HTTP shares (smtp-server looks at every byte for the end of the data, some
 * 10-20 ms of CPU per MB here): beyond this rate the sessions' streams pause, TCP holds the
 * senders back, and a flood costs at most a few per cent of the loop. A report is a few a minute;
 * its largest size (10 MB) still arrives in a few seconds, far within SMTP's timeouts.
 */
export const INTAKE_BYTES_PER_SECOND = 4 * 1024 * 1024;

const describe = (outcome: TReportOutcome) =>
  outcome.kind === 'ignored'
    ? `ignored (${outcome.reason})`
    : outcome.kind === 'simulation'
      ? `a simulation, ${outcome.counted} of ${outcome.messages} newly counted`
      : outcome.kind === 'forwarded'
        ? `forwarded to the IT contact of company ${outcome.companyId}`
        : 'deferred (over a limit per minute)';

/**
 * The report inbox's SMTP listener (ADR 036, step 4), one per server process; node:cluster shares
 * the port. No authentication: it accepts mail for the report addresses only, up to `maxBytes`,
 * and answers every accepted report the same way whatever became of it.
 */
export function startReportListener(options: TReportListenerOptions): Promise<TReportListener> {
  const addresses = new Set(options.addresses.map((address) => address.toLowerCase()));
  // Reports being written: a drain waits for them before the database closes.
  const inFlight = new Set<Promise<void>>();
  // mailparser runs in worker threads, never in this event loop (ADR 036).
  const reader = createReportReader({ linkBases: options.linkBases, ...options.reading });
  const bufferBudget = BUFFERED_REPORTS * options.maxBytes;
  let buffered = 0;
  // A token bucket of data bytes, one second's worth deep, shared by the sessions.
  const rate = options.intakeBytesPerSecond ?? INTAKE_BYTES_PER_SECOND;
  let allowance = rate;
  let refilledAt = Date.now();
  /** Takes `bytes` from the bucket; how many ms the stream that read them waits before it reads on. */
  const intake = (bytes: number) => {
    const now = Date.now();
    allowance = Math.min(rate, allowance + ((now - refilledAt) * rate) / 1000) - bytes;
    refilledAt = now;
    return allowance >= 0 ? 0 : Math.ceil((-allowance / rate) * 1000);
  };
  const server = new SMTPServer({
    name: options.name ?? options.addresses[0]?.split('@').pop() ?? 'localhost',
    // Banner and greeting name no product: the listener is reachable from the internet.
    banner: 'report inbox',
    // Announced in EHLO; a MAIL FROM with a larger SIZE= is refused (552) before any data.
    size: options.maxBytes,
    authOptional: true,
    disabledCommands: ['AUTH'],
    maxClients: MAX_CLIENTS,
    closeTimeout: options.closeTimeoutMs ?? 5_000,
    logger: false,
    onMailFrom(address, session, callback) {
      // A client or sender whose minute is used up is refused before it sends any data.
      reportSessionDeferral(
        options.db,
        { envelopeFrom: address.address || null, clientAddress: session.remoteAddress },
        options,
      ).then(
        (wait) => callback(wait === null ? undefined : reply(451, '4.7.1 Too many reports, try again later')),
        () => callback(reply(451, '4.3.0 Try again later')),
      );
    },
    onRcptTo(address, _session, callback) {
      if (addresses.has(address.address.toLowerCase())) return callback();
      callback(reply(550, '5.1.1 No such mailbox here'));
    },
    onData(stream, session, answer) {
      let answered = false;
      const callback = (error?: Error) => {
        if (answered) return;
        answered = true;
        answer(error);
      };
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
      const chunks: Buffer[] = [];
      let kept = 0;
      let overBudget = false;
      // Once the screening has decided a report's fate, its body is read on but not kept.
      let keep = true;
      let screening: Promise<TReportScreening> | null = null;
      let lastBytes = '';
      const release = () => {
        buffered -= kept;
        kept = 0;
        chunks.length = 0;
      };
      /** The limits and the reporter on the header block, while the body still arrives. */
      const screen = (): Promise<TReportScreening> => {
        const head = Buffer.concat(chunks).subarray(0, MAX_HEADER_BYTES);
        const started = screenPhishingReport(
          options.db,
          { head, envelopeFrom, clientAddress: session.remoteAddress },
          options,
        );
        screening = started;
        const tracked: Promise<void> = started.then((decided) => {
          if (decided.kind !== 'done') return;
          keep = false;
          release();
        }, noop);
        inFlight.add(tracked);
        void tracked.then(() => inFlight.delete(tracked));
        return started;
      };
      // Counted as it comes: past the limit (or the process's budget) the rest is read to its end,
      // as SMTP wants, but not kept.
      stream.on('data', (chunk: Buffer) => {
        const wait = intake(chunk.length);
        if (wait > 0) {
          stream.pause();
          setTimeout(() => stream.resume(), wait);
        }
        if (stream.sizeExceeded || overBudget || !keep) return;
        if (kept + chunk.length > options.maxBytes) return;
        if (buffered + chunk.length > bufferBudget) {
          overBudget = true;
          return release();
        }
        chunks.push(chunk);
        kept += chunk.length;
        buffered += chunk.length;
        if (screening) return;
        // The header block ends at the first empty line (or is cut at MAX_HEADER_BYTES).
        const text = lastBytes + chunk.subarray(0, MAX_HEADER_BYTES).toString('latin1');
        lastBytes = text.slice(-3);
        if (kept >= MAX_HEADER_BYTES || /\r?\n\r?\n/.test(text)) screen();
      });
      stream.on('error', (error) => {
        release();
        callback(reply(451, `4.3.0 ${error.message}`));
      });
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          release();
          return callback(reply(552, `5.3.4 Reports are limited to ${options.maxBytes} bytes`));
        }
        if (overBudget) return callback(reply(451, '4.3.1 Busy, try again later'));
        const work = (screening ?? screen())
          .then((decided) => {
            if (decided.kind === 'done') return decided.outcome;
            const raw = Buffer.concat(chunks);
            release();
            return completePhishingReport(options.db, decided.reporter, raw, { ...options, reader });
          })
          .then((outcome) => {
            options.logger.info(`report inbox: a report ${describe(outcome)}`);
            if (outcome.kind === 'throttled') return callback(reply(451, '4.7.1 Too many reports, try again later'));
            callback();
          })
          .catch((error: unknown) => {
            release();
            // The database may be away for a moment: the sending server tries again later.
            options.logger.warn(`report inbox: a report failed (${error instanceof Error ? error.message : error})`);
            callback(reply(451, '4.3.0 Try again later'));
          })
          .finally(() => inFlight.delete(work));
        inFlight.add(work);
      });
    },
  });
  server.on('error', (error) => options.logger.warn(`report inbox: ${error.message}`));
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.server.once('error', failed);
    server.listen(options.port, options.host, () => {
      server.server.off('error', failed);
      const address = server.server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : options.port,
        close: async () => {
          await new Promise<void>((done) => server.close(() => done()));
          await Promise.allSettled([...inFlight]);
          await reader.close();
        },
      });
    });
  });
}
