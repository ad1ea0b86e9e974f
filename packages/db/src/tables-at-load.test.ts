import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as tables from './tables.ts';

/*
 * The tables behind `@portal/db`'s names are bound when a database is opened (tables.ts, ADR 028).
 * Code that reads a table while its module loads (a constant like `const columns = { id: users.id }`
 * or `alias(users, 'owner')` at the top level) keeps the SQLite table for ever and quietly misreads
 * PostgreSQL (booleans, timestamps). This check finds such reads in every server-side source file:
 * a table name used outside any function body.
 */
const REPO = resolve(import.meta.dirname, '../../..');
const FOLDERS = [
  'packages/core/src',
  'packages/api/src',
  'packages/db/src',
  'packages/certificates/src',
  'apps/server/src',
];
const TABLE_NAMES = new Set(
  Object.keys(tables).filter((name) => typeof (tables as Record<string, unknown>)[name] === 'object'),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Identifiers imported from '@portal/db' (or tables.ts itself) that name a bound table. */
function importedTables(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    if (from !== '@portal/db' && !from.endsWith('/tables.ts')) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (TABLE_NAMES.has(imported)) names.add(element.name.text);
      }
    }
  }
  return names;
}

/** Table names read while the module loads: outside every function, method and accessor. */
function readsAtLoad(file: ts.SourceFile): string[] {
  const tableNames = importedTables(file);
  if (tableNames.size === 0) return [];
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionLike(node) ||
      ts.isImportDeclaration(node) ||
      ts.isTypeNode(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node)
    ) {
      return;
    }
    const parent = node.parent;
    const isName =
      parent &&
      ((ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ts.isImportSpecifier(parent));
    if (ts.isIdentifier(node) && tableNames.has(node.text) && !isName) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${node.text} (line ${line + 1})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('bound tables', () => {
  it('knows the tables', () => {
    expect(TABLE_NAMES.has('users')).toBe(true);
    expect(TABLE_NAMES.size).toBeGreaterThan(15);
  });

  it('finds a table read at load time (the check can fail)', () => {
    const planted = ts.createSourceFile(
      'planted.ts',
      "import { users } from '@portal/db';\nconst columns = { id: users.id };\nexport const read = () => users.email;",
      ts.ScriptTarget.Latest,
      true,
    );
    expect(readsAtLoad(planted)).toEqual(['users (line 2)']);
  });

  it('are read only inside functions, after a database has been opened', () => {
    const offenders = FOLDERS.flatMap((folder) =>
      sourceFiles(join(REPO, folder)).flatMap((path) => {
        const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
        return readsAtLoad(file).map((read) => `${relative(REPO, path)}: ${read}`);
      }),
    );
    expect(offenders).toEqual([]);
  });
});
