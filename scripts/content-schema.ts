import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_ROOT, JSON_SCHEMA_FILES, jsonSchemaText } from '@portal/content';

/* `npm run content:schema`: writes content/schema/*.json from content/schema.ts after a change. */
for (const [file, schema] of Object.entries(JSON_SCHEMA_FILES)) {
  writeFileSync(join(CONTENT_ROOT, 'schema', file), jsonSchemaText(schema));
  console.log(`content/schema/${file} written`);
}
