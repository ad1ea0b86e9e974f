import { Worker } from 'node:worker_threads';
import { READ_LIMITS, type TReadLimits, type TReportReading } from './report-read.ts';

/*
 * The report inbox reads reports in worker threads (ADR 036, step 4): mailparser on a stranger's
 * 10 MB of MIME takes seconds of CPU and hundreds of megabytes, which in the server's own thread
 * would hold up every HTTP request of the process. A small pool of long-lived workers, one report
 * at a time each; a report that takes longer than its time ends its worker (a new one starts for
 * the next) and counts as unreadable. A worker's heap is limited, so a report that needs more
 * ends its worker the same way.
 */

export interface TReportReaderOptions {
  /** Bases of the portal's own links, as for the inbox (`<base>/p/<token>`). */
  linkBases: readonly string[];
  /** Time for one report, from when its worker takes it (default 10 s; a 10 MB report takes 1-2 s). */
  timeoutMs?: number;
  limits?: Partial<TReadLimits>;
  /** Workers in the pool (default 1: a report is seldom, and the process's HTTP work needs the cores). */
  workers?: number;
  /** Heap per worker, in MB (default 256). */
  heapMb?: number;
}

export interface TReportReader {
  /**
   * What the inbox needs of a report, or null when it cannot be read: mailparser fails, it has too
   * many parts or too deep a nesting, its time is up or its worker ran out of memory. Rejects only
   * when no worker can start (the inbox then defers the report, nothing is lost).
   */
  read(raw: Buffer): Promise<TReportReading | null>;
  /** Ends the workers; reports still waiting are rejected. */
  close(): Promise<void>;
}

interface TJob {
  raw: Buffer;
  resolve: (reading: TReportReading | null) => void;
  reject: (error: Error) => void;
}

interface TSlot {
  worker: Worker;
  ready: boolean;
  job: (TJob & { id: number; timer: NodeJS.Timeout }) | null;
}

type TWorkerMessage = { ready: true } | { id: number; reading: TReportReading } | { id: number; error: string };

/**
 * The worker beside this file: `.js` in the compiled build, which inherits the server's flags
 * (`--conditions=compiled` among them). From the sources (tsx, vitest) it is `.ts`, which Node 20
 * cannot load by itself. The test helpers' child processes get `--import tsx` for that
 * (mail/worker-child.ts), but Node 20 does not apply `--import` hooks to a worker thread's own
 * module, so the worker starts with a line that registers tsx (its API, the same loader) and then
 * imports the file.
 */
function workerEntry(): { file: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts'))
    return { file: new URL('./report-read-worker.js', import.meta.url), eval: false };
  const file = new URL('./report-read-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return {
    file: `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(file)}); });`,
    eval: true,
  };
}

export function createReportReader(options: TReportReaderOptions): TReportReader {
  const limits = { ...READ_LIMITS, ...options.limits };
  const timeoutMs = options.timeoutMs ?? 10_000;
  const size = Math.max(1, options.workers ?? 1);
  const entry = workerEntry();
  const slots: (TSlot | null)[] = Array.from({ length: size }, () => null);
  const queue: TJob[] = [];
  let nextId = 1;
  let closed = false;
  // Workers that failed to start one after another: after a few, reports are refused, not dropped.
  let failedStarts = 0;

  const failAll = (error: Error) => {
    for (const job of queue.splice(0)) job.reject(error);
  };

  const finish = (slot: TSlot, reading: TReportReading | null) => {
    const job = slot.job;
    if (!job) return;
    clearTimeout(job.timer);
    slot.job = null;
    // An idle worker does not keep the process alive; a busy one does, until its answer.
    slot.worker.unref();
    job.resolve(reading);
  };

  const discard = (index: number, slot: TSlot) => {
    if (slots[index] === slot) slots[index] = null;
    void slot.worker.terminate();
  };

  const start = (index: number): TSlot => {
    const worker = new Worker(entry.file, {
      eval: entry.eval,
      workerData: { linkBases: [...options.linkBases], limits },
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 256 },
      stdout: false,
      stderr: false,
    });
    const slot: TSlot = { worker, ready: false, job: null };
    worker.on('message', (message: TWorkerMessage) => {
      if ('ready' in message) {
        slot.ready = true;
        failedStarts = 0;
        pump();
        // Waiting for work does not keep the process alive (starting up did, for a queued report).
        if (!slot.job) worker.unref();
        return;
      }
      if (slot.job?.id !== message.id) return;
      finish(slot, 'reading' in message ? message.reading : null);
      pump();
    });
    worker.on('error', () => {
      // A worker out of memory, or one that could not load: its report is unreadable.
      if (!slot.ready) failedStarts += 1;
      finish(slot, null);
    });
    worker.on('exit', () => {
      finish(slot, null);
      if (slots[index] === slot) slots[index] = null;
      if (failedStarts >= 3) failAll(new Error('the report reader cannot start its worker'));
      else pump();
    });
    return slot;
  };

  function pump(): void {
    if (closed) return;
    for (let index = 0; index < slots.length && queue.length > 0; index += 1) {
      let slot = slots[index];
      if (!slot) {
        slot = start(index);
        slots[index] = slot;
      }
      if (!slot.ready || slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      const id = nextId++;
      // The time runs from the worker's start on it, not from waiting in the queue.
      const timer = setTimeout(() => {
        finish(slot, null);
        discard(index, slot);
        pump();
      }, timeoutMs);
      timer.unref();
      slot.job = { ...job, id, timer };
      slot.worker.ref();
      // A copy of the bytes, handed over (not copied again) to the worker.
      const copy = new Uint8Array(job.raw.byteLength);
      copy.set(job.raw);
      slot.worker.postMessage({ id, raw: copy.buffer }, [copy.buffer]);
    }
  }

  // The first worker starts now, so the first report does not wait for it to load.
  slots[0] = start(0);

  return {
    read(raw) {
      if (closed) return Promise.reject(new Error('the report reader is closed'));
      if (failedStarts >= 3) failedStarts = 0;
      return new Promise((resolve, reject) => {
        queue.push({ raw, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      failAll(new Error('the report reader is closed'));
      await Promise.all(
        slots.map((slot, index) => {
          if (!slot) return null;
          finish(slot, null);
          slots[index] = null;
          return slot.worker.terminate();
        }),
      );
    },
  };
}
