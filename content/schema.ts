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
  /** Points editors' editors at the generated JSON Schema (content/schema/); ignored otherwise. */
  $schema: z.string().optional(),
  slug: ZCourseSlug,
  /** Semantic version; raise it when the content changes (see content/README.md). */
  version: z.string().regex(/^\d+\.\d+\.\d+$/, 'version must look like 1.0.0'),
  section: z.literal('cyber_security'),
  image: ZImageFile,
  estimatedMinutes: z.number().int().min(10).max(15),
  sources: z.array(ZCourseSource).min(2),
});
export type TCourseMeta = z.infer<typeof ZCourseMeta>;

/** Markdown: paragraphs, lists, **bold**, *emphasis*, `### subheadings`, > quotes. No HTML. */
const markdown = (min: number) =>
  z
    .string()
    .min(min)
    .refine((body) => !/<[a-z!/]/i.test(body), 'no HTML in slide bodies, only Markdown');

/** Fields every slide has, whatever its type. */
const slideCommon = {
  id: ZId,
  title: z.string().min(3).max(120),
  /** An SVG in the course folder; every slide has one (content/README.md: illustration style). */
  image: ZImageFile,
  /** What the picture shows, for screen readers; written for this language. */
  imageAlt: z.string().min(5).max(250),
  /** Overrides the computed minimum reading time (words / 200 per minute, at least 5 s). */
  minReadingSeconds: z.number().int().min(5).max(600).optional(),
};

const uniqueIds = (list: { id: string }[]) => new Set(list.map((entry) => entry.id)).size === list.length;

/** `text` (the default when `type` is absent): a heading, a picture and Markdown. */
export const ZTextSlide = z.strictObject({
  ...slideCommon,
  type: z.literal('text').optional(),
  body: markdown(80),
});

export const ZScenarioChoice = z.strictObject({
  id: ZId,
  text: z.string().min(2).max(200),
  /** A good reaction; at least one choice is. */
  correct: z.boolean(),
  /** Shown at once when the learner picks this choice. */
  feedback: z.string().min(20).max(500),
});

/** `scenario`: a short situation (`body`), a question (`prompt`) and 2-4 choices with feedback. */
export const ZScenarioSlide = z
  .strictObject({
    ...slideCommon,
    type: z.literal('scenario'),
    body: markdown(40),
    prompt: z.string().min(5).max(200),
    choices: z.array(ZScenarioChoice).min(2).max(4),
  })
  .refine((s) => s.choices.some((c) => c.correct), { message: 'a scenario needs at least one correct choice' })
  .refine((s) => uniqueIds(s.choices), { message: 'choice ids must be unique within a slide' });

export const MOCK_KINDS = ['email', 'web-page', 'text-message', 'chat'] as const;
/** Where a part sits in the mock; the player draws each role in its place (header, bubble, bar…). */
export const MOCK_PART_ROLES = [
  'sender',
  'recipient',
  'subject',
  'time',
  'address',
  'paragraph',
  'link',
  'button',
  'field',
  'attachment',
  'qr-code',
  'message',
] as const;

export const ZMockPart = z.strictObject({
  id: ZId,
  role: z.enum(MOCK_PART_ROLES),
  text: z.string().min(1).max(400),
  /** Where a link or button really leads, shown as a browser would on hover. */
  target: z.string().min(3).max(200).optional(),
  /** The id of the sign this part shows; parts without one are unsuspicious. */
  sign: ZId.optional(),
});

export const ZSign = z.strictObject({
  id: ZId,
  /** Short name of the sign, e.g. "Absender" or "Sender". */
  label: z.string().min(3).max(60),
  /** Shown for every sign after the learner checks: why this part gives the fake away. */
  explanation: z.string().min(20).max(500),
});

/**
 * `spot-the-signs`: a mock e-mail, web page, text message or chat drawn from `mock.parts`; the
 * learner marks the suspicious parts, then sees every sign explained.
 */
export const ZSpotTheSignsSlide = z
  .strictObject({
    ...slideCommon,
    type: z.literal('spot-the-signs'),
    /** The instruction above the mock. */
    body: markdown(20),
    mock: z.strictObject({
      kind: z.enum(MOCK_KINDS),
      parts: z.array(ZMockPart).min(3).max(16),
    }),
    signs: z.array(ZSign).min(2).max(6),
  })
  .refine((s) => uniqueIds(s.mock.parts), { message: 'mock part ids must be unique within a slide' })
  .refine((s) => uniqueIds(s.signs), { message: 'sign ids must be unique within a slide' })
  .refine((s) => s.mock.parts.every((p) => p.sign === undefined || s.signs.some((sign) => sign.id === p.sign)), {
    message: 'a mock part names a sign that is not in signs',
  })
  .refine((s) => s.signs.every((sign) => s.mock.parts.some((p) => p.sign === sign.id)), {
    message: 'every sign must be shown by at least one mock part',
  })
  .refine((s) => s.mock.parts.some((p) => p.sign === undefined), {
    message: 'at least one mock part must be unsuspicious, so that marking everything is not an answer',
  });

export const ZSortGroup = z.strictObject({ id: ZId, label: z.string().min(2).max(40) });
export const ZSortItem = z.strictObject({
  id: ZId,
  text: z.string().min(2).max(200),
  /** The id of the group the item belongs in. */
  group: ZId,
  /** Shown after the learner checks: why it belongs there. */
  explanation: z.string().min(20).max(400),
});

/** `sort`: put 4-8 items into 2-3 groups (e.g. safe and risky), then see why each belongs where. */
export const ZSortSlide = z
  .strictObject({
    ...slideCommon,
    type: z.literal('sort'),
    body: markdown(20),
    groups: z.array(ZSortGroup).min(2).max(3),
    items: z.array(ZSortItem).min(4).max(8),
  })
  .refine((s) => uniqueIds(s.groups) && uniqueIds(s.items), { message: 'group and item ids must be unique' })
  .refine((s) => s.items.every((item) => s.groups.some((g) => g.id === item.group)), {
    message: 'an item names a group that is not in groups',
  })
  .refine((s) => s.groups.every((g) => s.items.some((item) => item.group === g.id)), {
    message: 'every group needs at least one item',
  });

export const SLIDE_TYPES = ['text', 'scenario', 'spot-the-signs', 'sort'] as const;
export type TSlideType = (typeof SLIDE_TYPES)[number];
export const INTERACTIVE_SLIDE_TYPES = ['scenario', 'spot-the-signs', 'sort'] as const;
/** Every course has at least this many interactive slides in each language (issue 17). */
export const MIN_INTERACTIVE_SLIDES = 2;

export const ZSlide = z.discriminatedUnion('type', [ZTextSlide, ZScenarioSlide, ZSpotTheSignsSlide, ZSortSlide]);
export type TSlide = z.infer<typeof ZSlide>;
export type TScenarioSlide = z.infer<typeof ZScenarioSlide>;
export type TSpotTheSignsSlide = z.infer<typeof ZSpotTheSignsSlide>;
export type TSortSlide = z.infer<typeof ZSortSlide>;

/** A slide's type; `text` when the file leaves it out. */
export const slideType = (slide: { type?: TSlideType }): TSlideType => slide.type ?? 'text';

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
    /** Points editors' editors at the generated JSON Schema (content/schema/); ignored otherwise. */
    $schema: z.string().optional(),
    title: z.string().min(3).max(80),
    summary: z.string().min(40).max(400),
    imageAlt: z.string().min(5).max(200),
    slides: z.array(ZSlide).min(8).max(18),
    quiz: z.array(ZQuestion).min(10),
    /** The take-away sheet ("Merkblatt"): the course's key rules, one short sentence each. */
    keyRules: z.array(z.string().min(10).max(160)).min(4).max(8),
  })
  .refine((t) => new Set(t.slides.map((s) => s.id)).size === t.slides.length, { message: 'slide ids must be unique' })
  .refine((t) => new Set(t.quiz.map((q) => q.id)).size === t.quiz.length, { message: 'question ids must be unique' })
  .refine((t) => t.slides.filter((s) => slideType(s) !== 'text').length >= MIN_INTERACTIVE_SLIDES, {
    message: `a course needs at least ${MIN_INTERACTIVE_SLIDES} interactive slides (scenario, spot-the-signs or sort)`,
    path: ['slides'],
  });
export type TCourseText = z.infer<typeof ZCourseText>;
