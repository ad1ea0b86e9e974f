import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appRoutes, ROUTES_FILE } from '../../vite.route-table.ts';

/** The route table as the build reads it for the page preloads (vite.route-preloads.ts). */
describe('route table', () => {
  const routes = appRoutes();
  const modulesOf = (path: string) => routes.find((route) => route.path === path)?.modules;

  it('finds the page module of each route, with the modules of its parents', () => {
    expect(modulesOf('/login')).toEqual(['../features/auth/login-page.tsx']);
    // Signed-in pages load the signed-in layout (navigation) and the signed-in route table, which
    // the router discovers on navigation (ADR 037), with their own modules.
    expect(modulesOf('/trainings/:slug/:slide/:step?')).toEqual([
      '../features/shell/signed-in-layout.tsx',
      './signed-in-routes.tsx',
      '../features/trainings/training-queries.ts',
      '../features/trainings/slide-player-page.tsx',
    ]);
    expect(modulesOf('/trainings/:slug/quiz/:step')).toContain('../features/trainings/quiz-page.tsx');
    expect(modulesOf('/*')).toEqual(['../routes/not-found-page.tsx']);
    expect(modulesOf('/admin/policyholders/:id')).toContain('./signed-in-routes.tsx');
  });

  it('names only modules that exist', () => {
    const folder = dirname(fileURLToPath(ROUTES_FILE));
    const missing = routes.flatMap((route) =>
      route.modules
        .filter((module) => !existsSync(resolve(folder, module)))
        .map((module) => `${route.path}: ${module}`),
    );
    expect(missing).toEqual([]);
    expect(routes.filter((route) => route.modules.length > 0).length).toBeGreaterThan(25);
  });
});
