import {
  COURSE_LANGUAGES,
  phishingTemplateProblems,
  type TCourseLanguage,
  type TPhishingMeta,
  type TPhishingText,
  ZPhishingMeta,
  ZPhishingText,
  zodProblems,
} from '@portal/content/browser';

/*
 * The phishing templates of the working tree (ADR 036), read by Vite (`@phishing-files` points at
 * content/phishing or at CONTENT_PREVIEW_PHISHING_ROOT). Saving a file re-runs this module and the
 * preview redraws.
 */
const files = import.meta.glob<unknown>('@phishing-files/*/*.json', { eager: true, import: 'default' });

const place = (path: string): [string, string] => {
  const match = /([^/]+)\/([^/]+)$/.exec(path);
  return [match?.[1] ?? '', match?.[2] ?? ''];
};

export interface TPreviewPhishing {
  slug: string;
  meta?: TPhishingMeta;
  text: Partial<Record<TCourseLanguage, TPhishingText>>;
  /** The file, the path inside it and what is wrong, as `npm run content:check` words it. */
  problems: string[];
}

export function previewPhishingTemplates(): TPreviewPhishing[] {
  const bySlug = new Map<string, TPreviewPhishing & { raw: Map<string, unknown> }>();
  for (const [path, raw] of Object.entries(files)) {
    const [slug, file] = place(path);
    let entry = bySlug.get(slug);
    if (!entry) {
      entry = { slug, text: {}, problems: [], raw: new Map() };
      bySlug.set(slug, entry);
    }
    entry.raw.set(file, raw);
  }
  const templates: TPreviewPhishing[] = [];
  for (const { slug, raw, problems, text } of bySlug.values()) {
    const metaLabel = `phishing/${slug}/template.json`;
    let meta: TPhishingMeta | undefined;
    if (!raw.has('template.json')) problems.push(`${metaLabel}: file missing`);
    else {
      const parsed = ZPhishingMeta.safeParse(raw.get('template.json'));
      if (parsed.success) meta = parsed.data;
      else problems.push(...zodProblems(metaLabel, parsed.error, raw.get('template.json')));
    }
    if (meta && meta.slug !== slug) problems.push(`${metaLabel}: slug ${meta.slug} differs from its folder`);
    for (const lang of COURSE_LANGUAGES) {
      const label = `phishing/${slug}/${lang}.json`;
      if (!raw.has(`${lang}.json`)) {
        problems.push(`${label}: file missing`);
        continue;
      }
      const parsed = ZPhishingText.safeParse(raw.get(`${lang}.json`));
      if (!parsed.success) {
        problems.push(...zodProblems(label, parsed.error, raw.get(`${lang}.json`)));
        continue;
      }
      text[lang] = parsed.data;
      if (meta) problems.push(...phishingTemplateProblems(meta, parsed.data, label));
    }
    templates.push({ slug, meta, text, problems });
  }
  return templates.sort((a, b) => a.slug.localeCompare(b.slug));
}
