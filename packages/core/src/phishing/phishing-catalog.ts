import { loadPhishingTemplates, type TLoadedPhishingTemplate } from '@portal/content';

let cached: Map<string, TLoadedPhishingTemplate> | undefined;

/**
 * The phishing templates of `content/phishing` (ADR 036), read and checked once per process: the
 * server refuses to start on a broken template, like on a broken course.
 */
export function phishingCatalog(): ReadonlyMap<string, TLoadedPhishingTemplate> {
  cached ??= loadPhishingTemplates();
  return cached;
}

export function phishingTemplate(slug: string): TLoadedPhishingTemplate | undefined {
  return phishingCatalog().get(slug);
}
