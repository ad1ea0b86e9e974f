import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultNodeEnvFor } from './node-env-default.ts';

describe('NODE_ENV when none is set', () => {
  it('the compiled server is production, however it is started; tsx on the sources is development', () => {
    expect(defaultNodeEnvFor(pathToFileURL('/app/apps/server/dist/main.js').href)).toBe('production');
    expect(defaultNodeEnvFor(pathToFileURL('/srv/portal/dist/main.mjs').href)).toBe('production');
    expect(defaultNodeEnvFor(pathToFileURL('/work/main/apps/server/src/main.ts').href)).toBe('development');
    // This very file runs from TypeScript sources, as `npm start` does.
    expect(defaultNodeEnvFor(import.meta.url)).toBe('development');
  });
});
