import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Checks the files under content/ before they reach users. The course schema arrives with the
 * courses issue; until then every JSON file must parse.
 */
const root = new URL('../content/', import.meta.url).pathname;
const problems: string[] = [];
let checked = 0;

function walk(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
    } else if (name.endsWith('.json')) {
      checked += 1;
      try {
        JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        problems.push(`${relative(root, path)}: ${(error as Error).message}`);
      }
    }
  }
}

walk(root);
if (problems.length > 0) {
  console.error(`content check failed:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`content check: ${checked} JSON files ok`);
