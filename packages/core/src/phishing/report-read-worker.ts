/**
 * The report reader's worker thread (report-reader.ts starts it): reads one report at a time with
 * mailparser, away from the server's event loop, and answers what the inbox needs of it. The
 * reader ends this thread when a report takes too long.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { readReportMail, type TReadLimits } from './report-read.ts';

export interface TReadRequest {
  id: number;
  raw: ArrayBuffer;
}

const { linkBases, limits } = workerData as { linkBases: string[]; limits: TReadLimits };
const port = parentPort;
if (!port) throw new Error('report-read-worker.ts runs as a worker thread only');

port.on('message', (request: TReadRequest) => {
  readReportMail(Buffer.from(request.raw), linkBases, limits).then(
    (reading) => port.postMessage({ id: request.id, reading }),
    (error: unknown) =>
      port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
port.postMessage({ ready: true });
