import { z } from 'zod';

/**
 * The shape of a course on disk. Content editors change these files by pull request;
 * `npm run content:check` validates every course against these schemas before it can ship.
 */

export const COURSE_SLUGS = [
  'social-engineering',
  'password-security',
  'email-security',
  'social-media',
  'byod',
  'connection-security',
  'physical-security',
  'patchmanagement',
  '5-golden-rules',
  'cyber-emergency',
  'malware',
  'remote-work',
] as const;
export const ZCourseSlug = z.enum(COURSE_SLUGS);
export type TCourseSlug = z.infer<typeof ZCourseSlug>;

export const COURSE_LANGUAGES = ['de', 'en'] as const;
export type TCourseLanguage = (typeof COURSE_LANGUAGES)[number];

/** A file name inside the course folder, e.g. `image.svg` or `slide-phishing.svg`. */
const ZImageFile = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*\.svg$/, 'image must be an SVG file name inside the course folder (a-z, 0-9, -)');

const ZId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids use a-z, 0-9 and -');

export const ZCourseSource = z.strictObject({
  publisher: z.string().min(2),
  title: z.string().min(3),
  url: z.url({ protocol: /^https$/ }),
});

/** `course.json`: facts that are the same in every language. */
export const ZCourseMeta = z.strictObject({
  slug: ZCourseSlug,
  /** Semantic version; raise it when the content changes (see content/README.md). */
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'version must look like 1.0.0'),
  section: z.literal('cyber_security'),
  image: ZImageFile,
  estimatedMinutes: z.number().int().min(10).max(15),
  sources: z.array(ZCourseSource).min(2),
});
export type TCourseMeta = z.infer<typeof ZCourseMeta>;

export const ZSlide = z.strictObject({
  id: ZId,
  title: z.string().min(3).max(120),
  /** Markdown: paragraphs, lists, **bold**, *emphasis*, `### subheadings`, > quotes. No HTML. */
  body: z
    .string()
    .min(80)
    .refine((body) => !/<[a-z!/]/i.test(body), 'no HTML in slide bodies, only Markdown'),
  image: ZImageFile.optional(),
  imageAlt: z.string().min(5).optional(),
  /** Overrides the computed minimum reading time (words / 200 per minute, at least 5 s). */
  minReadingSeconds: z.number().int().min(5).max(600).optional(),
});
export type TSlide = z.infer<typeof ZSlide>;

export const ZAnswer = z.strictObject({
  id: ZId,
  text: z.string().min(1).max(300),
  correct: z.boolean(),
});

export const ZQuestion = z
  .strictObject({
    id: ZId,
    question: z.string().min(10).max(400),
    answers: z.array(ZAnswer).min(3).max(5),
    /** Shown after the learner answers, whether right or wrong. */
    explanation: z.string().min(20).max(600),
  })
  .refine((q) => q.answers.some((a) => a.correct), { message: 'a question needs at least one correct answer' })
  .refine((q) => new Set(q.answers.map((a) => a.id)).size === q.answers.length, {
    message: 'answer ids must be unique within a question',
  });
export type TQuestion = z.infer<typeof ZQuestion>;

/** `de.json` / `en.json`: everything a learner reads, in one language. */
export const ZCourseText = z
  .strictObject({
    title: z.string().min(3).max(80),
    summary: z.string().min(40).max(400),
    imageAlt: z.string().min(5).max(200),
    slides: z.array(ZSlide).min(8).max(15),
    quiz: z.array(ZQuestion).min(10),
  })
  .refine((t) => new Set(t.slides.map((s) => s.id)).size === t.slides.length, { message: 'slide ids must be unique' })
  .refine((t) => new Set(t.quiz.map((q) => q.id)).size === t.quiz.length, { message: 'question ids must be unique' })
  .refine((t) => t.slides.every((s) => (s.image === undefined) === (s.imageAlt === undefined)), {
    message: 'a slide image needs imageAlt, and imageAlt needs an image',
  });
export type TCourseText = z.infer<typeof ZCourseText>;
