import { existsSync, readFileSync } from 'node:fs';

/** A content file's JSON, or undefined with the problem (missing, not JSON) named for the editor. */
export function readJson(path: string, problems: string[], label: string): unknown {
  if (!existsSync(path)) {
    problems.push(`${label}: file missing`);
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${label}: ${(error as Error).message}`);
    return undefined;
  }
}
