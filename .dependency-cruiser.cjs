/*
 * Import rules, checked by `npm run check:imports` (part of `npm test`). Imports flow one way:
 * routes → features → components → lib in the web app; api → core → db in the packages. A circle
 * anywhere, type-only imports included, fails the check: a type import back up is still a layer
 * that cannot be read on its own.
 */
const WEB = '^apps/web/src/';
/**
 * Integration tests drive a service through the API's test harness (packages/api/src/test), so a
 * test beside a core service may reach up to it; the code under test may not. Circles still count.
 */
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the files cannot be read, tested or moved one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-lib-is-shared',
      severity: 'error',
      comment: 'apps/web/src/lib is the shared base: it imports no component, feature, page or route table.',
      from: { path: `${WEB}lib/` },
      to: { path: `${WEB}(components|features|routes|app)/` },
    },
    {
      name: 'web-components-are-shared',
      severity: 'error',
      comment: 'Components serve every feature; they import no feature, page or route table.',
      from: { path: `${WEB}components/` },
      to: { path: `${WEB}(features|routes|app)/` },
    },
    {
      name: 'web-features-below-routes',
      severity: 'error',
      comment: 'Features are used by routes and pages, never the other way round.',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}(routes|app)/` },
    },
    {
      name: 'web-pages-below-route-table',
      severity: 'error',
      comment: 'Pages under routes/ are loaded by the route table; they do not import it.',
      from: { path: `${WEB}routes/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'db-is-the-bottom',
      severity: 'error',
      comment: 'packages/db knows nothing of the services or the API above it.',
      from: { path: '^packages/db/', pathNot: TESTS },
      to: { path: '^packages/(core|api)/' },
    },
    {
      name: 'core-below-api',
      severity: 'error',
      comment: 'Services in packages/core are called by the API, never the other way round.',
      from: { path: '^packages/core/', pathNot: TESTS },
      to: { path: '^packages/api/' },
    },
    {
      name: 'packages-below-apps',
      severity: 'error',
      comment: 'Packages are used by the apps; no package imports an app.',
      from: { path: '^packages/', pathNot: TESTS },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-server|node_modules|\\.turbo)/' },
    // Type-only imports count: `import type` back up a layer is a circle too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // Workspace packages are symlinks in node_modules: follow them to their sources in packages/.
    preserveSymlinks: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
