import type { ChildProcess } from 'node:child_process';

/**
 * Waits until the portal started as `server` answers `/healthz` at `base` (60 s at most). Fails at
 * once when the process ends first, and stops it when it never answers.
 */
export async function waitForHealth(server: ChildProcess, base: string): Promise<ChildProcess> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    const up = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error(`no answer from ${base}/healthz within 60 s`);
}
