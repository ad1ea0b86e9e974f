import { receivePhishingReport, type TReportInboxOptions, type TReportOutcome } from '@portal/core';
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
}

export interface TReportListener {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  /** Stops accepting, lets the sessions in progress end (up to the close timeout). */
  close(): Promise<void>;
}

/** An SMTP reply: smtp-server answers an error with its `responseCode`. */
const reply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** Concurrent SMTP sessions per process: a report is small work, a flood waits at the TCP level. */
const MAX_CLIENTS = 50;

const describe = (outcome: TReportOutcome) =>
  outcome.kind === 'ignored'
    ? `ignored (${outcome.reason})`
    : outcome.kind === 'simulation'
      ? `a simulation, ${outcome.counted} of ${outcome.messages} newly counted`
      : outcome.kind === 'forwarded'
        ? `forwarded to the IT contact of company ${outcome.companyId}`
        : 'deferred (too many from this sender)';

/**
 * The report inbox's SMTP listener (ADR 036, step 4), one per server process; node:cluster shares
 * the port. No authentication: it accepts mail for the report addresses only, up to `maxBytes`,
 * and answers every accepted report the same way whatever became of it.
 */
export function startReportListener(options: TReportListenerOptions): Promise<TReportListener> {
  const addresses = new Set(options.addresses.map((address) => address.toLowerCase()));
  // Reports being written: a drain waits for them before the database closes.
  const inFlight = new Set<Promise<void>>();
  const server = new SMTPServer({
    name: options.name ?? options.addresses[0]?.split('@').pop() ?? 'localhost',
    // Banner and greeting name no product: the listener is reachable from the internet.
    banner: 'report inbox',
    size: options.maxBytes,
    authOptional: true,
    disabledCommands: ['AUTH'],
    maxClients: MAX_CLIENTS,
    closeTimeout: options.closeTimeoutMs ?? 5_000,
    logger: false,
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
      const chunks: Buffer[] = [];
      // Counted as it comes: an oversized mail is read to its end (SMTP wants that) but not kept.
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(reply(451, `4.3.0 ${error.message}`)));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(reply(552, `5.3.4 Reports are limited to ${options.maxBytes} bytes`));
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        const work = receivePhishingReport(options.db, { raw: Buffer.concat(chunks), envelopeFrom }, options)
          .then((outcome) => {
            options.logger.info(`report inbox: a report ${describe(outcome)}`);
            if (outcome.kind === 'throttled') return callback(reply(451, '4.7.1 Too many reports, try again later'));
            callback();
          })
          .catch((error: unknown) => {
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
        },
      });
    });
  });
}
