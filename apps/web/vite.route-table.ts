import { readFileSync } from 'node:fs';
import ts from 'typescript';

export const ROUTES_FILE = new URL('./src/app/routes.tsx', import.meta.url);
/** The signed-in pages, which the router discovers on navigation (ADR 037). */
export const SIGNED_IN_ROUTES_FILE = new URL('./src/app/signed-in-routes.tsx', import.meta.url);
/** How routes.tsx names the route that receives them, and the module that holds them. */
const DISCOVERED = { id: 'SIGNED_IN_PAGES', declaration: 'signedInPages', module: './signed-in-routes.tsx' };

/** A route of the web app: its full path, and the modules it loads lazily, its parents' included. */
export interface TAppRoute {
  path: string;
  modules: string[];
}

/**
 * Every route of the web app, read from the source of `apps/web/src/app/routes.tsx` (the route
 * table is not importable in Node: it pulls in React, CSS and `import.meta.env`). Nested paths
 * are joined to their parents; an index route is `parent + ' (index)'`. Used by the e2e
 * accessibility matrix (every path) and by the build's route preloads (the modules,
 * `vite.route-preloads.ts`).
 *
 * Understood: object literals with `path`/`index`/`children`, calls of a helper whose first
 * argument is the path (like `publicRoute('/login', …)`), spreads and identifiers of arrays or
 * objects declared in the same file. Anything else in a `children` array throws, so that a new
 * way of writing a route fails the accessibility matrix instead of slipping past it.
 *
 * The route whose `id` is `SIGNED_IN_PAGES` gets its children from `signedInPages` in
 * signed-in-routes.tsx, as the router does on navigation, and its routes load that module too.
 */
export function appRoutes(
  source = readFileSync(ROUTES_FILE, 'utf8'),
  signedInSource = readFileSync(SIGNED_IN_ROUTES_FILE, 'utf8'),
): TAppRoute[] {
  const file = ts.createSourceFile('routes.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const signedInFile = ts.createSourceFile(
    'signed-in-routes.tsx',
    signedInSource,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const declarations = new Map<string, ts.Expression>();
  const visitDeclarations = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      declarations.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visitDeclarations);
  };
  visitDeclarations(file);
  visitDeclarations(signedInFile);
  const table = declarations.get('routes');
  if (!table) throw new Error('routes.tsx: no `routes` declaration');

  const found: TAppRoute[] = [];
  // A child may import a module its parent imports too (the course queries): name it once.
  const unique = (modules: string[]) => [...new Set(modules)];
  const join = (parent: string, path: string) =>
    path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`.replace(/^\/\//, '/');

  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
      ? unwrap(node.expression)
      : node;

  /** The `import('…')` specifiers in a route's own code (its children are routes of their own). */
  const importsIn = (node: ts.Node): string[] => {
    const specifiers: string[] = [];
    const visit = (child: ts.Node) => {
      if (ts.isPropertyAssignment(child) && ts.isIdentifier(child.name) && child.name.text === 'children') return;
      if (
        ts.isCallExpression(child) &&
        child.expression.kind === ts.SyntaxKind.ImportKeyword &&
        child.arguments[0] &&
        ts.isStringLiteralLike(child.arguments[0])
      ) {
        specifiers.push(child.arguments[0].text);
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return specifiers;
  };

  const visitList = (node: ts.Expression, parent: string, inherited: string[] = []) => {
    const list = unwrap(node);
    if (ts.isIdentifier(list)) {
      const declared = declarations.get(list.text);
      if (!declared) throw new Error(`routes.tsx: cannot resolve ${list.text}`);
      visitList(declared, parent, inherited);
      return;
    }
    if (!ts.isArrayLiteralExpression(list)) throw new Error(`routes.tsx: not a route list: ${list.getText()}`);
    for (const element of list.elements) {
      if (ts.isSpreadElement(element)) visitList(element.expression, parent, inherited);
      else visitRoute(element, parent, inherited);
    }
  };

  const visitRoute = (node: ts.Expression, parent: string, inherited: string[]) => {
    const route = unwrap(node);
    if (ts.isIdentifier(route)) {
      const declared = declarations.get(route.text);
      if (!declared) throw new Error(`routes.tsx: cannot resolve ${route.text}`);
      visitRoute(declared, parent, inherited);
      return;
    }
    if (ts.isCallExpression(route)) {
      const [first] = route.arguments;
      if (first && ts.isStringLiteralLike(first)) {
        found.push({ path: join(parent, first.text), modules: unique([...inherited, ...importsIn(route)]) });
        return;
      }
      throw new Error(`routes.tsx: a route helper without a path string: ${route.getText()}`);
    }
    if (!ts.isObjectLiteralExpression(route)) throw new Error(`routes.tsx: not a route: ${route.getText()}`);
    let path: string | null = null;
    let index = false;
    let discovered = false;
    let children: ts.Expression | null = null;
    for (const property of route.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
      const value = unwrap(property.initializer);
      if (property.name.text === 'path') {
        if (!ts.isStringLiteralLike(value)) throw new Error(`routes.tsx: a path that is not a string literal`);
        path = value.text;
      }
      if (property.name.text === 'index') index = value.kind === ts.SyntaxKind.TrueKeyword;
      if (property.name.text === 'id') discovered = ts.isIdentifier(value) && value.text === DISCOVERED.id;
      if (property.name.text === 'children') children = value;
    }
    const own = path === null ? parent : join(parent, path);
    const modules = unique([...inherited, ...importsIn(route), ...(discovered ? [DISCOVERED.module] : [])]);
    if (discovered) {
      const pages = declarations.get(DISCOVERED.declaration);
      if (!pages) throw new Error(`signed-in-routes.tsx: no \`${DISCOVERED.declaration}\` declaration`);
      children = pages;
    }
    if (index) found.push({ path: `${parent} (index)`, modules });
    else if (path !== null) found.push({ path: own, modules });
    if (children) visitList(children, own, modules);
  };

  visitList(table, '/');
  return found;
}

/** Every route path (see `appRoutes`). */
export const appRoutePaths = (source?: string): string[] => appRoutes(source).map((route) => route.path);
