/**
 * The one Node API the server entry uses. The web app's TypeScript settings leave Node's types out
 * (browser code must not reach for them), so the server entry declares just this.
 */
declare module 'node:async_hooks' {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, callback: () => R): R;
    getStore(): T | undefined;
  }
}

declare module 'node:stream' {
  export class Writable {
    constructor(options: {
      write: (chunk: Uint8Array | string, encoding: string, done: () => void) => void;
      final: (done: () => void) => void;
    });
  }
}
