import { readFileSync } from 'node:fs';
import ts from 'typescript';

const ROUTES_FILE = new URL('../../apps/web/src/app/routes.tsx', import.meta.url);

/**
 * Every route path of the web app, read from the source of `apps/web/src/app/routes.tsx` (the
 * route table is not importable in Node: it pulls in React, CSS and `import.meta.env`). Nested
 * paths are joined to their parents; an index route is `parent + ' (index)'`.
 *
 * Understood: object literals with `path`/`index`/`children`, calls of a helper whose first
 * argument is the path (like `publicRoute('/login', …)`), spreads and identifiers of arrays or
 * objects declared in the same file. Anything else in a `children` array throws, so that a new
 * way of writing a route fails the accessibility matrix instead of slipping past it.
 */
export function appRoutePaths(source = readFileSync(ROUTES_FILE, 'utf8')): string[] {
  const file = ts.createSourceFile('routes.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const declarations = new Map<string, ts.Expression>();
  const visitDeclarations = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      declarations.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visitDeclarations);
  };
  visitDeclarations(file);
  const table = declarations.get('routes');
  if (!table) throw new Error('routes.tsx: no `routes` declaration');

  const found: string[] = [];
  const join = (parent: string, path: string) =>
    path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`.replace(/^\/\//, '/');

  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node)
      ? unwrap(node.expression)
      : node;

  const visitList = (node: ts.Expression, parent: string) => {
    const list = unwrap(node);
    if (ts.isIdentifier(list)) {
      const declared = declarations.get(list.text);
      if (!declared) throw new Error(`routes.tsx: cannot resolve ${list.text}`);
      visitList(declared, parent);
      return;
    }
    if (!ts.isArrayLiteralExpression(list)) throw new Error(`routes.tsx: not a route list: ${list.getText(file)}`);
    for (const element of list.elements) {
      if (ts.isSpreadElement(element)) visitList(element.expression, parent);
      else visitRoute(element, parent);
    }
  };

  const visitRoute = (node: ts.Expression, parent: string) => {
    const route = unwrap(node);
    if (ts.isIdentifier(route)) {
      const declared = declarations.get(route.text);
      if (!declared) throw new Error(`routes.tsx: cannot resolve ${route.text}`);
      visitRoute(declared, parent);
      return;
    }
    if (ts.isCallExpression(route)) {
      const [first] = route.arguments;
      if (first && ts.isStringLiteralLike(first)) {
        found.push(join(parent, first.text));
        return;
      }
      throw new Error(`routes.tsx: a route helper without a path string: ${route.getText(file)}`);
    }
    if (!ts.isObjectLiteralExpression(route)) throw new Error(`routes.tsx: not a route: ${route.getText(file)}`);
    let path: string | null = null;
    let index = false;
    let children: ts.Expression | null = null;
    for (const property of route.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
      const value = unwrap(property.initializer);
      if (property.name.text === 'path') {
        if (!ts.isStringLiteralLike(value)) throw new Error(`routes.tsx: a path that is not a string literal`);
        path = value.text;
      }
      if (property.name.text === 'index') index = value.kind === ts.SyntaxKind.TrueKeyword;
      if (property.name.text === 'children') children = value;
    }
    const own = path === null ? parent : join(parent, path);
    if (index) found.push(`${parent} (index)`);
    else if (path !== null) found.push(own);
    if (children) visitList(children, own);
  };

  visitList(table, '/');
  return found;
}
