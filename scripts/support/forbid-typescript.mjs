// Preloaded by scripts/check-production-build.ts (`node --import`): every module the compiled
// server loads must be JavaScript. Node 22.6+ strips TypeScript by itself, so without this hook a
// stray `.ts` import would pass on the image's Node and only fail on Node 20.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/\\.(c|m)?tsx?$/.test(new URL(resolved.url).pathname)) {
    throw new Error('the compiled build loads TypeScript: ' + resolved.url);
  }
  return resolved;
}`)}`,
);
