import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { contentRoot } from './content-root.ts';
import { ContentError } from './load-courses.ts';
import { phishingTemplateProblems } from './phishing-rules.ts';
import {
  PHISHING_TOPICS,
  type TPhishingMeta,
  type TPhishingText,
  ZPhishingMeta,
  ZPhishingText,
} from './phishing-schema.ts';
import { readJson } from './read-json.ts';
import { COURSE_LANGUAGES, type TCourseLanguage } from './schema.ts';
import { phishingStyleProblems } from './style-rules.ts';
import { zodProblems } from './zod-problems.ts';

export interface TLoadedPhishingTemplate {
  meta: TPhishingMeta;
  text: Record<TCourseLanguage, TPhishingText>;
}

/** The templates' folder: content/phishing, or the one under PORTAL_CONTENT_DIR. */
export const phishingRoot = () => join(contentRoot(), 'phishing');

function loadTemplate(root: string, slug: string, problems: string[]): TLoadedPhishingTemplate | undefined {
  const start = problems.length;
  const dir = join(root, slug);
  const metaLabel = `phishing/${slug}/template.json`;
  const metaRaw = readJson(join(dir, 'template.json'), problems, metaLabel);
  const meta = metaRaw === undefined ? undefined : ZPhishingMeta.safeParse(metaRaw);
  if (meta && !meta.success) problems.push(...zodProblems(metaLabel, meta.error, metaRaw));
  if (meta?.success && meta.data.slug !== slug) {
    problems.push(`${metaLabel}: slug ${meta.data.slug} differs from its folder`);
  }
  const texts: Partial<Record<TCourseLanguage, TPhishingText>> = {};
  for (const lang of COURSE_LANGUAGES) {
    const label = `phishing/${slug}/${lang}.json`;
    const raw = readJson(join(dir, `${lang}.json`), problems, label);
    if (raw === undefined) continue;
    const parsed = ZPhishingText.safeParse(raw);
    if (!parsed.success) {
      problems.push(...zodProblems(label, parsed.error, raw));
      continue;
    }
    texts[lang] = parsed.data;
    if (meta?.success) problems.push(...phishingTemplateProblems(meta.data, parsed.data, label));
    problems.push(...phishingStyleProblems(parsed.data, lang, label));
  }
  if (problems.length > start || !meta?.success || !texts.de || !texts.en) return undefined;
  return { meta: meta.data, text: { de: texts.de, en: texts.en } };
}

/**
 * Reads and validates every phishing template under `root` (default: content/phishing). The real
 * folder (phishingRoot()) must cover every topic of PHISHING_TOPICS; fixtures may hold fewer. Throws a ContentError
 * listing every problem, so the server never starts on a broken template.
 */
export function loadPhishingTemplates(
  root = phishingRoot(),
  { requireAllTopics = root === phishingRoot() } = {},
): Map<string, TLoadedPhishingTemplate> {
  const problems: string[] = [];
  const folders = existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  const templates = new Map<string, TLoadedPhishingTemplate>();
  for (const slug of folders) {
    const template = loadTemplate(root, slug, problems);
    if (template) templates.set(slug, template);
  }
  if (requireAllTopics && problems.length === 0) {
    const covered = new Set([...templates.values()].map((t) => t.meta.topic));
    const missing = PHISHING_TOPICS.filter((topic) => !covered.has(topic));
    if (missing.length > 0) problems.push(`phishing: no template for the topics ${missing.join(', ')}`);
  }
  if (problems.length > 0) throw new ContentError(problems);
  return templates;
}
