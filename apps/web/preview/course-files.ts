import { COURSE_LANGUAGES, type TCourseLanguage, ZCourseMeta, ZCourseText, zodProblems } from '@portal/content/browser';

/*
 * The course files of the working tree, read by Vite (`@course-files` points at content/courses
 * or at CONTENT_PREVIEW_ROOT). Saving a file re-runs this module and the preview redraws.
 */
const texts = import.meta.glob<unknown>('@course-files/*/*.json', { eager: true, import: 'default' });
const images = import.meta.glob<string>('@course-files/*/*.svg', { eager: true, query: '?url', import: 'default' });

const place = (path: string): [string, string] => {
  const match = /([^/]+)\/([^/]+)$/.exec(path);
  return [match?.[1] ?? '', match?.[2] ?? ''];
};

export interface TPreviewCourse {
  slug: string;
  version: string;
  text: Partial<Record<TCourseLanguage, ReturnType<typeof ZCourseText.parse>>>;
  /** The file, the path inside it and what is wrong, as `npm run content:check` words it. */
  problems: string[];
  imageUrl: (file: string) => string | undefined;
}

export function previewCourses(): TPreviewCourse[] {
  const bySlug = new Map<string, TPreviewCourse>();
  const course = (slug: string) => {
    let entry = bySlug.get(slug);
    if (!entry) {
      entry = { slug, version: '', text: {}, problems: [], imageUrl: (file) => images[imagePath(slug, file)] };
      bySlug.set(slug, entry);
    }
    return entry;
  };
  const imagePaths = new Map(Object.keys(images).map((path) => [place(path).join('/'), path]));
  const imagePath = (slug: string, file: string) => imagePaths.get(`${slug}/${file}`) ?? '';
  for (const [path, raw] of Object.entries(texts)) {
    const [slug, file] = place(path);
    const entry = course(slug);
    const label = `${slug}/${file}`;
    if (file === 'course.json') {
      const meta = ZCourseMeta.safeParse(raw);
      if (meta.success) entry.version = meta.data.version;
      else entry.problems.push(...zodProblems(label, meta.error, raw));
      continue;
    }
    const lang = COURSE_LANGUAGES.find((candidate) => file === `${candidate}.json`);
    if (!lang) continue;
    const parsed = ZCourseText.safeParse(raw);
    if (!parsed.success) {
      entry.problems.push(...zodProblems(label, parsed.error, raw));
      continue;
    }
    entry.text[lang] = parsed.data;
    for (const slide of parsed.data.slides) {
      if (!imagePath(slug, slide.image))
        entry.problems.push(`${label}: slides.${slide.id}.image: ${slide.image} is missing`);
    }
  }
  return [...bySlug.values()].sort((a, b) => a.slug.localeCompare(b.slug));
}
