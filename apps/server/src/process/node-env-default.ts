import { fileURLToPath } from 'node:url';

/**
 * NODE_ENV when the environment sets none (ADR 008): `npm start` runs the TypeScript sources
 * through tsx and stays a zero-configuration development server; anything else, in practice the
 * compiled `apps/server/dist/main.js` however it is started (`npm run start:production`, plain
 * `node`, the container), is production. Safe by default: only a `.ts` entry gets development.
 */
export function defaultNodeEnvFor(entryUrl: string): 'development' | 'production' {
  return fileURLToPath(entryUrl).endsWith('.ts') ? 'development' : 'production';
}
