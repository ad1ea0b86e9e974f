import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findCourse } from '@portal/core';
import { Hono } from 'hono';

/**
 * Course images (`/media/courses/<slug>/<file>.svg`): public topic illustrations, read from the
 * course folder. Only names the content check allows are served, so no path leaves the folder.
 */
export function courseMediaRoutes() {
  const app = new Hono();
  app.get('/courses/:slug/:file{[a-z0-9][a-z0-9-]*\\.svg}', async (c) => {
    const course = findCourse(c.req.param('slug'));
    if (!course) return c.notFound();
    const svg = await readFile(join(course.dir, c.req.param('file')), 'utf8').catch(() => null);
    if (svg === null) return c.notFound();
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // The app-wide CSP (no inline scripts) also covers an SVG opened on its own.
      'Cache-Control': 'public, max-age=3600',
    });
  });
  // Anything else under /media/courses is a missing file, not a page of the web app.
  app.all('/courses/*', (c) => c.notFound());
  return app;
}
