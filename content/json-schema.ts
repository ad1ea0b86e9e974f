import { z } from 'zod';
import { ZPhishingMeta, ZPhishingText } from './phishing-schema.ts';
import { ZCourseMeta, ZCourseText } from './schema.ts';

/**
 * The JSON Schemas that editors' editors read (VS Code, JetBrains, …) for validation and
 * completion, generated from the zod schemas so the two can never disagree. Rules a JSON Schema
 * cannot say (matching languages, "at least two interactive slides") stay with content:check.
 */
export const JSON_SCHEMA_FILES = {
  'course.schema.json': ZCourseMeta,
  'course-text.schema.json': ZCourseText,
  'phishing-template.schema.json': ZPhishingMeta,
  'phishing-text.schema.json': ZPhishingText,
} as const;

export function jsonSchemaText(schema: z.ZodType): string {
  // `input`: what an editor writes (optional `type` on text slides), not what the loader returns.
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify(json, null, 2)}\n`;
}
