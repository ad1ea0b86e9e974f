/**
 * Runs async jobs one after another, in the order they were queued: the embedded database's write
 * connection is used by one transaction at a time (sqlite-database.ts). A job that fails does not
 * stop the ones after it.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
