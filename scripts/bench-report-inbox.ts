/*
 * Issue 37: the report inbox holds under a flood while learners work (ADR 036, "The report inbox
 * under a flood"). One server process as in production (this script with `target`: the real app,
 * createApp with NODE_ENV=production, and the report listener beside it, as main.ts starts them,
 * with the configuration's default limits) on a SQLite file with the benchmarks' data set. Learners
 * save progress (`POST /api/progress/save-progress`, 50 learners, BENCH_RATE requests per second in
 * all, autocannon from this process) for BENCH_SECONDS twice: once with the inbox quiet, once while
 * another process (this script with `flood`) floods the inbox over SMTP with BENCH_FLOOD_SESSIONS
 * sessions at a time: strangers' 9 MB reports, forged senders (a learner's envelope under a new From
 * each time, and the reverse), reports of real people of the company with large attachments, deep
 * and many-part MIME, each from a rotating client address (127.0.0.0/8). Reported: the save's p50
 * and p99 in both rounds and their ratio (target: the flood's p99 within 2 times the quiet one's),
 * the server process's CPU (and its main thread's, apart from the report reader's worker), and
 * what became of the reports. The flood's own end comes later than the round's: its last sessions
 * still send (the inbox takes in 4 MB a second). BENCH_PROFILE=<dir> writes the server's CPU
 * profiles there. Part of `npm run bench`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serve } from '@hono/node-server';
import { loadConfig } from '@portal/core';
import { closeDatabase, openDatabase, phishingSettings, transaction } from '@portal/db';
import autocannon from 'autocannon';
import { createApp } from '../apps/server/src/app.ts';
import { startReportListener } from '../apps/server/src/phishing/report-listener.ts';
import { apiSessionToken } from './support/api-session.ts';
import { BENCH_PASSWORD, benchLearners, createBenchDatabase } from './support/bench-data.ts';
import { cpuMicros } from './support/process-cpu.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const FLOOD_SESSIONS = Number(process.env.BENCH_FLOOD_SESSIONS ?? 8);
const LEARNERS = 50;
const REPORT = 'report@portal.example';

/** The server: the app and the report inbox in one process, as main.ts starts them. */
async function target(file: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_FILE: file,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    SMTP_URL: 'smtp://127.0.0.1:9',
    TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    PHISHING_REPORT_SMTP_PORT: '2525',
    PHISHING_REPORT_ADDRESS: REPORT,
  });
  const inbox = config.phishing.reportInbox;
  if (!inbox) throw new Error('no report inbox configured');
  const db = openDatabase(file);
  const silent = { info: () => {}, warn: () => {}, error: (...line: unknown[]) => console.error(...line) };
  const app = createApp({ db, config, logger: silent, webDist: join(file, 'no-web') });
  const outcomes = new Map<string, number>();
  const listener = await startReportListener({
    db,
    ...inbox,
    port: 0,
    host: '127.0.0.1',
    linkBases: [config.phishing.linkUrl, config.publicUrl],
    linkUrl: config.phishing.linkUrl,
    logger: {
      info: (line: string) => {
        const outcome = line.replace(/^report inbox: a report /, '').replace(/ of company .*/, '');
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      },
      warn: (line: string) => console.error(line),
    },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
    console.log(`listening http://127.0.0.1:${info.port} ${listener.port}`),
  );
  // The event loop's own CPU (the main thread's, Linux /proc), apart from the report reader's worker.
  const mainThreadMs = () => {
    try {
      const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  let mainBefore = mainThreadMs();
  process.stdin.on('data', () => {
    // The parent asks for the outcomes between rounds.
    const main = mainThreadMs();
    console.log(
      `outcomes ${JSON.stringify({ ...Object.fromEntries(outcomes), mainThreadCpuMs: Math.round(main - mainBefore) })}`,
    );
    mainBefore = main;
    outcomes.clear();
  });
  process.on('SIGTERM', () => {
    server.close();
    void listener.close().then(() => process.exit(0));
  });
}

/** A mail as DATA sends it: dot-stuffed, with its end. */
const asData = (raw: string) => Buffer.from(`${raw.replace(/(^|\n)\./g, '$1..')}\r\n.\r\n`, 'latin1');

/** One SMTP session from `client`: the answer's code to DATA (or to the command that refused). */
function report(port: number, client: string, envelopeFrom: string, data: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: client });
    const commands = ['EHLO flood.example', `MAIL FROM:<${envelopeFrom}>`, `RCPT TO:<${REPORT}>`, 'DATA'];
    let buffer = '';
    let step = -1;
    const finish = (code: number) => {
      socket.end('QUIT\r\n');
      resolve(code);
    };
    socket.setEncoding('latin1');
    socket.on('error', () => resolve(-1));
    socket.on('data', (text: string) => {
      buffer += text;
      const line = buffer.split('\r\n').filter(Boolean).at(-1) ?? '';
      if (!/^\d{3} /.test(line)) return;
      buffer = '';
      step += 1;
      const code = Number(line.slice(0, 3));
      if (step > 0 && code >= 400) return finish(code);
      if (step < commands.length) return socket.write(`${commands[step]}\r\n`);
      if (step === commands.length) return socket.write(data);
      finish(code);
    });
  });
}

/** The flood: `sessions` SMTP sessions at a time for `seconds`, then a line with what it sent. */
async function flood(port: number, seconds: number) {
  const attachment = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64').replace(/.{76}/g, '$&\r\n');
  const withAttachment = (from: string, bytes: number) =>
    asData(
      `From: ${from}\r\nTo: ${REPORT}\r\nSubject: Rechnung\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="B"\r\n\r\n--B\r\nContent-Type: text/html\r\n\r\n<p>Bitte zahlen</p>\r\n--B\r\nContent-Type: application/octet-stream; name="rechnung.exe"\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment(bytes)}\r\n--B--\r\n`,
    );
  const plain = (from: string) =>
    asData(`From: ${from}\r\nTo: ${REPORT}\r\nSubject: Paket\r\n\r\nhttps://paket.example\r\n`);
  let deep = '--d0\r\n';
  let deepEnd = '\r\n--d0--';
  for (let level = 1; level < 500; level += 1) {
    deep += `Content-Type: multipart/mixed; boundary="d${level}"\r\n\r\n--d${level}\r\n`;
    deepEnd = `\r\n--d${level}--${deepEnd}`;
  }
  const mime = (from: string, kind: 'deep' | 'parts') =>
    asData(
      kind === 'deep'
        ? `From: ${from}\r\nTo: ${REPORT}\r\nContent-Type: multipart/mixed; boundary="d0"\r\n\r\n${deep}x${deepEnd}\r\n`
        : `From: ${from}\r\nTo: ${REPORT}\r\nContent-Type: multipart/mixed; boundary="P"\r\n\r\n${'--P\r\n\r\nTeil\r\n'.repeat(20_000)}--P--\r\n`,
    );
  // Built once: the flood's own work is sending, not composing.
  const strangerLarge = withAttachment('stranger@evil.example', 6_700_000);
  const personLarge = (n: number) => withAttachment(`p${n}@big.example`, 1_500_000);
  const peopleLarge = Array.from({ length: 20 }, (_, n) => personLarge(LEARNERS + n));
  const deepOnes = Array.from({ length: 20 }, (_, n) => mime(`p${LEARNERS + 20 + n}@big.example`, 'deep'));
  const partOnes = Array.from({ length: 20 }, (_, n) => mime(`p${LEARNERS + 40 + n}@big.example`, 'parts'));
  const learnerForged = plain('p0@big.example');

  let next = 0;
  const client = () => `127.0.0.${2 + (next % 250)}`;
  const kinds: (() => [string, Buffer])[] = [
    // A stranger's 9 MB report: received, never parsed.
    () => [`stranger-${next}@evil.example`, strangerLarge],
    // A learner's envelope, a new From each time; and the reverse.
    () => ['p0@big.example', plain(`forger-${next}@evil.example`)],
    () => [`forger-${next}@evil.example`, learnerForged],
    // Real people of the company with large attachments (parsed, up to the company's limit).
    () => [`p${LEARNERS + (next % 20)}@big.example`, peopleLarge[next % 20] as Buffer],
    () => [`p${LEARNERS + 20 + (next % 20)}@big.example`, deepOnes[next % 20] as Buffer],
    () => [`p${LEARNERS + 40 + (next % 20)}@big.example`, partOnes[next % 20] as Buffer],
  ];
  const codes = new Map<number, number>();
  let bytes = 0;
  const end = Date.now() + seconds * 1000;
  console.log('flooding');
  await Promise.all(
    Array.from({ length: FLOOD_SESSIONS }, async () => {
      while (Date.now() < end) {
        const n = next++;
        const [envelope, data] = (kinds[n % kinds.length] as () => [string, Buffer])();
        const code = await report(port, client(), envelope, data);
        codes.set(code, (codes.get(code) ?? 0) + 1);
        if (code === 250) bytes += data.length;
      }
    }),
  );
  console.log(
    `flooded ${JSON.stringify({ sessions: next, answers: Object.fromEntries(codes), acceptedMB: Math.round(bytes / 1e6) })}`,
  );
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-report-inbox-'));
  const file = join(dir, 'portal.sqlite');
  await createBenchDatabase(file, LEARNERS);
  // The company's IT contact has confirmed its address, so its people's reports are forwarded.
  const db = openDatabase(file);
  await transaction(db, (tx) =>
    tx.insert(phishingSettings).values({
      companyId: 'big',
      reportContactEmail: 'it@big.example',
      reportContactConfirmedAt: new Date(),
    }),
  );
  await closeDatabase(db);

  const children: ChildProcess[] = [];
  process.on('exit', () => {
    for (const child of children) child.kill('SIGTERM');
  });
  const spawnSelf = (...rest: string[]) => {
    const profile =
      process.env.BENCH_PROFILE && rest[0] === 'target'
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', import.meta.filename, ...rest], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    const waitFor = (prefix: string) =>
      new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`${rest[0]} exited with ${code}`)));
        const onLine = (line: string) => {
          if (!line.startsWith(prefix)) return;
          lines.off('line', onLine);
          resolve(line.slice(prefix.length).trim());
        };
        lines.on('line', onLine);
      });
    return { child, waitFor };
  };

  const server = spawnSelf('target', file);
  const [url, smtpPort] = (await server.waitFor('listening')).split(' ') as [string, string];
  const tokens: string[] = [];
  for (const email of benchLearners(LEARNERS)) tokens.push(await apiSessionToken(url, email, BENCH_PASSWORD));
  const body = JSON.stringify({ trainingSlug: '5-golden-rules', slideIndex: 1, workingSeconds: 1, slideSeconds: {} });
  const save = async (seconds: number) => {
    let nextLearner = 0;
    const before = cpuMicros(server.child.pid);
    const result = await autocannon({
      url: `${url}/api/progress/save-progress`,
      method: 'POST',
      connections: LEARNERS,
      overallRate: RATE,
      duration: seconds,
      body,
      setupClient: (client) =>
        client.setHeaders({
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[nextLearner++ % tokens.length]}`,
        }),
    });
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      errors: result.errors + result.timeouts + result.non2xx,
      serverCpuMs: Math.round((cpuMicros(server.child.pid) - before) / 1000),
    };
  };
  const outcomes = () => {
    const answer = server.waitFor('outcomes');
    server.child.stdin?.write('\n');
    return answer;
  };

  // Warm-up, not counted: the first seconds of a fresh process are spent compiling (JIT).
  await save(3);
  await outcomes();
  const quiet = await save(SECONDS);
  const quietInbox = await outcomes();
  const flooder = spawnSelf('flood', smtpPort, String(SECONDS + 1));
  await flooder.waitFor('flooding');
  const flooded = await save(SECONDS);
  const sent = await flooder.waitFor('flooded');
  const inbox = await outcomes();
  server.child.kill('SIGTERM');

  const line = (label: string, figure: typeof quiet) =>
    `  ${label.padEnd(34)} ${figure.rps.toFixed(0).padStart(4)} req/s  p50 ${String(figure.p50).padStart(3)} ms  p99 ${String(figure.p99).padStart(4)} ms  server CPU ${String(figure.serverCpuMs).padStart(5)} ms${figure.errors ? `  (${figure.errors} errors)` : ''}`;
  console.log(
    `Report inbox flood: save-progress at ${RATE} req/s from ${LEARNERS} learners, ${SECONDS} s each; flood of ${FLOOD_SESSIONS} SMTP sessions at a time`,
  );
  console.log(line('save-progress, inbox quiet', quiet));
  console.log(line('save-progress, inbox flooded', flooded));
  console.log(`  flood: ${sent}`);
  console.log(`  server main thread while quiet: ${quietInbox}`);
  console.log(`  inbox outcomes while flooded (and the main thread's CPU): ${inbox}`);
  const ratio = flooded.p99 / Math.max(1, quiet.p99);
  console.log(
    `  target: the flood's p99 within 2 x the quiet p99: ${ratio.toFixed(2)} x (${ratio <= 2 ? 'met' : 'NOT met'})`,
  );
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'target') await target(args[0] as string);
else if (mode === 'flood') await flood(Number(args[0]), Number(args[1]));
else await main();
