import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

/**
 * epic-stack convention: `console.error` during a test fails it, so errors the code only logs do
 * not go unnoticed. A test that expects one replaces the implementation:
 * `vi.spyOn(console, 'error').mockImplementation(() => {})`.
 */
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  const original = console.error;
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    original(...args);
    throw new Error('console.error was called during this test (see the output above).');
  });
});

afterEach(() => {
  consoleError.mockRestore();
});
