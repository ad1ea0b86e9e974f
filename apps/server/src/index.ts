export { createApp, type TAppDeps } from './app.ts';
export { createLogger, type TLogger } from './logger.ts';
