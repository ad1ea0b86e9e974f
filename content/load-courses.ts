import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentRoot } from './content-root.ts';
import { readJson } from './read-json.ts';
import { minReadingSeconds } from './reading-time.ts';
import {
  COURSE_LANGUAGES,
  COURSE_SLUGS,
  slideType,
  type TCourseLanguage,
  type TCourseMeta,
  type TCourseSlug,
  type TCourseText,
  ZCourseMeta,
  ZCourseText,
} from './schema.ts';
import { courseStyleProblems } from './style-rules.ts';
import { zodProblems } from './zod-problems.ts';

export interface TLoadedCourse {
  meta: TCourseMeta;
  text: Record<TCourseLanguage, TCourseText>;
  /** Absolute folder of the course, where its images live. */
  dir: string;
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`content is broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** A course needs this much slide text per language to fill 10-15 minutes with the quiz. */
export const MIN_SLIDE_READING_SECONDS = 6 * 60;

const UNSAFE_SVG = /<script|\son[a-z]+\s*=|(?:href|src)\s*=\s*["'](?!#|data:image\/)|<foreignObject/i;

function checkImage(dir: string, file: string, label: string, problems: string[]): void {
  const path = join(dir, file);
  if (!existsSync(path)) {
    problems.push(`${label}: unknown image ${file}`);
    return;
  }
  const svg = readFileSync(path, 'utf8');
  if (!/<svg[\s>]/.test(svg) || !/viewBox=/.test(svg)) problems.push(`${label}: ${file} is not an SVG with a viewBox`);
  if (UNSAFE_SVG.test(svg)) problems.push(`${label}: ${file} contains scripts, event handlers or external references`);
  // Pictures serve both languages; words belong in the slide text and the alt text.
  if (/<text[\s>]/.test(svg)) problems.push(`${label}: ${file} contains text; pictures carry no words`);
}

/** The same slides and questions in every language, so progress and grading do not depend on it. */
function checkLanguagesAgree(slug: string, texts: Partial<Record<TCourseLanguage, TCourseText>>, problems: string[]) {
  const [first, ...rest] = COURSE_LANGUAGES;
  const base = first && texts[first];
  if (!base) return;
  const shape = (t: TCourseText) =>
    JSON.stringify({
      slides: t.slides.map((s) => [s.id, slideType(s), s.image]),
      quiz: t.quiz.map((q) => [q.id, q.answers.map((a) => [a.id, a.correct])]),
    });
  for (const lang of rest) {
    const other = texts[lang];
    if (other && shape(other) !== shape(base)) {
      problems.push(
        `${slug}/${lang}.json: slide ids, slide types, slide images, question ids, answer ids and correct flags must match ${first}.json`,
      );
    }
  }
}

function loadCourse(root: string, slug: string, problems: string[]): TLoadedCourse | undefined {
  const dir = join(root, slug);
  const start = problems.length;
  const metaRaw = readJson(join(dir, 'course.json'), problems, `${slug}/course.json`);
  const meta = metaRaw === undefined ? undefined : ZCourseMeta.safeParse(metaRaw);
  if (meta && !meta.success) problems.push(...zodProblems(`${slug}/course.json`, meta.error, metaRaw));
  if (meta?.success) {
    if (meta.data.slug !== slug) problems.push(`${slug}/course.json: slug ${meta.data.slug} differs from its folder`);
    checkImage(dir, meta.data.image, `${slug}/course.json`, problems);
  }

  const texts: Partial<Record<TCourseLanguage, TCourseText>> = {};
  for (const lang of COURSE_LANGUAGES) {
    const label = `${slug}/${lang}.json`;
    const raw = readJson(join(dir, `${lang}.json`), problems, label);
    if (raw === undefined) continue;
    const parsed = ZCourseText.safeParse(raw);
    if (!parsed.success) {
      problems.push(...zodProblems(label, parsed.error, raw));
      continue;
    }
    texts[lang] = parsed.data;
    // The house style (content/README.md): terms, the multiple-answer hint, known absolutes …
    problems.push(...courseStyleProblems(parsed.data, lang, label));
    for (const slide of parsed.data.slides) {
      checkImage(dir, slide.image, `${label}: slides.${slide.id}.image`, problems);
    }
    const seconds = parsed.data.slides.reduce((sum, slide) => sum + minReadingSeconds(slide), 0);
    if (seconds < MIN_SLIDE_READING_SECONDS) {
      problems.push(
        `${label}: slides take ${seconds} s to read; a course needs at least ${MIN_SLIDE_READING_SECONDS} s`,
      );
    }
  }
  checkLanguagesAgree(slug, texts, problems);

  if (problems.length > start || !meta?.success || !texts.de || !texts.en) return undefined;
  return { meta: meta.data, text: { de: texts.de, en: texts.en }, dir };
}

/**
 * Reads and validates every course under `root` (default: content/courses). Throws a
 * ContentError listing every problem, so the server never starts on broken content.
 */
export function loadCourses(root = join(contentRoot(), 'courses')): Map<TCourseSlug, TLoadedCourse> {
  const problems: string[] = [];
  const folders = existsSync(root)
    ? readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
  for (const folder of folders) {
    if (!(COURSE_SLUGS as readonly string[]).includes(folder)) {
      problems.push(`${folder}: not one of the twelve course slugs (${COURSE_SLUGS.join(', ')})`);
    }
  }
  const courses = new Map<TCourseSlug, TLoadedCourse>();
  for (const slug of COURSE_SLUGS) {
    if (!folders.includes(slug)) {
      problems.push(`${slug}: course folder missing`);
      continue;
    }
    const course = loadCourse(root, slug, problems);
    if (course) courses.set(slug, course);
  }
  if (problems.length > 0) throw new ContentError(problems);
  return courses;
}
