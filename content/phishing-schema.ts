import { z } from 'zod';
import { ZCourseSlug } from './schema.ts';

/**
 * The shape of a phishing simulation template on disk (`content/phishing/<slug>/`, ADR 036).
 * One description serves three readers: the mail that is sent, the preview an employer sees before
 * starting a campaign, and the teaching page that shows the same mail again with its signs marked.
 */

/** The situations a complete template set covers; content:check wants each at least once. */
export const PHISHING_TOPICS = [
  'parcel',
  'invoice',
  'password-expiry',
  'shared-document',
  'ceo-transfer',
  'salary-hr',
  'it-support-chat',
  'voicemail',
  'calendar-invitation',
  'social-network',
  'qr-code',
  'device-code',
] as const;
export type TPhishingTopic = (typeof PHISHING_TOPICS)[number];

/**
 * The kinds of signs a template can contain. A template's language files explain each of its
 * signs under these ids, so results can later be read per sign across templates.
 */
export const PHISHING_SIGN_KINDS = [
  'sender',
  'reply-to',
  'greeting',
  'urgency',
  'authority',
  'unexpected',
  'request',
  'link-target',
  'attachment',
  'qr-code',
  'device-code',
  'unusual-channel',
  'too-good',
] as const;
export const ZPhishingSignKind = z.enum(PHISHING_SIGN_KINDS);
export type TPhishingSignKind = z.infer<typeof ZPhishingSignKind>;

/**
 * What a click leads to: straight to the teaching page, or first to an imitation sign-in page whose
 * form sends nothing typed (only that it was sent), then to the teaching page.
 */
export const PHISHING_LANDINGS = ['teaching', 'sign-in'] as const;

/** Placeholders the sender fills per recipient; any other `{{…}}` is refused. */
export const PHISHING_PLACEHOLDERS = ['firstName', 'company', 'today'] as const;

const ZId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids use a-z, 0-9 and -');

const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;
const knownPlaceholders = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].every((match) =>
    (PHISHING_PLACEHOLDERS as readonly string[]).includes(match[1] ?? ''),
  );
const placeholderMessage = `only the placeholders ${PHISHING_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')} are filled in`;

/** Text of a mail: plain text with placeholders, no HTML (the portal draws the mail). */
const mailText = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((text) => !/<[a-z!/]/i.test(text), 'no HTML in a template, only text')
    .refine(knownPlaceholders, placeholderMessage);

/** `template.json`: facts that are the same in every language. */
export const ZPhishingMeta = z
  .strictObject({
    /** Points editors' editors at the generated JSON Schema (content/schema/); ignored otherwise. */
    $schema: z.string().optional(),
    slug: ZId,
    /** Semantic version; raise it when the template changes. Each sent mail records it. */
    version: z.string().regex(/^\d+\.\d+\.\d+$/, 'version must look like 1.0.0'),
    topic: z.enum(PHISHING_TOPICS),
    /** 1: several plain signs; 2: fewer, subtler signs; 3: hard to tell from a genuine mail. */
    difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** The course that teaches what this mail tests; the teaching page leads there. */
    course: ZCourseSlug,
    landing: z.enum(PHISHING_LANDINGS),
    /** The signs the mail contains; each language file explains exactly these. */
    signs: z.array(ZPhishingSignKind).min(2).max(6),
  })
  .refine((m) => new Set(m.signs).size === m.signs.length, { message: 'signs must not repeat', path: ['signs'] });
export type TPhishingMeta = z.infer<typeof ZPhishingMeta>;

/** Body parts of the mail in reading order. Links, buttons, attachments and QR codes lead to the tracking link. */
export const PHISHING_PART_ROLES = ['paragraph', 'link', 'button', 'attachment', 'qr-code', 'signature'] as const;
/** Parts a recipient can click (or scan); every template has at least one. */
export const PHISHING_CLICKABLE_ROLES = ['link', 'button', 'attachment', 'qr-code'] as const;

export const ZPhishingPart = z.strictObject({
  id: ZId,
  role: z.enum(PHISHING_PART_ROLES),
  /** Paragraph text, the words of a link or button, an attachment's file name, a QR code's caption. */
  text: mailText(1, 700),
  /** For a link or button: the address a recipient would expect, shown on the teaching page beside the real one. */
  shownTarget: z.string().min(3).max(120).optional(),
  /** The sign this part shows; parts without one are unsuspicious. */
  sign: ZPhishingSignKind.optional(),
});
export type TPhishingPart = z.infer<typeof ZPhishingPart>;

export const ZPhishingSign = z.strictObject({
  id: ZPhishingSignKind,
  /** Short name of the sign, e.g. "Absender" or "Sender". */
  label: z.string().min(3).max(60),
  /** Shown on the teaching page beside the marked part: why it gives the simulation away. */
  explanation: z.string().min(30).max(500),
});

/** The imitation sign-in page of a `sign-in` template: labels only, nothing typed is kept. */
export const ZPhishingSignIn = z.strictObject({
  /** The heading of the imitation page, e.g. "Anmelden" with a service's name. */
  title: z.string().min(3).max(80),
  intro: z.string().min(3).max(300).optional(),
  /** One to three field labels (e-mail, password, code); inputs get no name, so browsers send none. */
  fields: z
    .array(
      z.strictObject({
        label: z.string().min(2).max(60),
        kind: z.enum(['email', 'password', 'text']),
      }),
    )
    .min(1)
    .max(3),
  button: z.string().min(2).max(40),
});

/** `de.json` / `en.json`: the mail and its lesson in one language. */
export const ZPhishingText = z
  .strictObject({
    $schema: z.string().optional(),
    /** The template's name for employers choosing templates, e.g. "Paket: Zollgebühr offen". */
    title: z.string().min(3).max(80),
    /** One or two sentences for employers: what the mail pretends and what it tests. */
    summary: z.string().min(30).max(300),
    /**
     * The sender: a display name and the part of the address before the @. The domain is the
     * operator's simulation domain (`PHISHING_MAIL_DOMAIN`), never a real brand's.
     */
    from: z.strictObject({
      name: mailText(2, 80),
      localPart: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,39}$/, 'a mail address before the @: a-z, 0-9, ., _ and -'),
      sign: ZPhishingSignKind.optional(),
    }),
    subject: z.strictObject({ text: mailText(3, 150), sign: ZPhishingSignKind.optional() }),
    parts: z.array(ZPhishingPart).min(2).max(12),
    signs: z.array(ZPhishingSign).min(2).max(6),
    /** The first lines of the teaching page: what this mail wanted, and the one habit that unmasks it. */
    lesson: z.string().min(60).max(700),
    signIn: ZPhishingSignIn.optional(),
  })
  .refine((t) => new Set(t.parts.map((p) => p.id)).size === t.parts.length, {
    message: 'part ids must be unique',
    path: ['parts'],
  })
  .refine((t) => new Set(t.signs.map((s) => s.id)).size === t.signs.length, {
    message: 'sign ids must be unique',
    path: ['signs'],
  })
  .refine((t) => t.parts.some((p) => (PHISHING_CLICKABLE_ROLES as readonly string[]).includes(p.role)), {
    message: 'a template needs at least one link, button, attachment or QR code to click',
    path: ['parts'],
  })
  .refine((t) => t.parts.some((p) => p.sign === undefined), {
    message: 'at least one part must be unsuspicious, so that the teaching page does not mark everything',
    path: ['parts'],
  })
  .refine(
    (t) => {
      const shown = new Set([t.from.sign, t.subject.sign, ...t.parts.map((p) => p.sign)].filter(Boolean));
      return t.signs.every((sign) => shown.has(sign.id)) && [...shown].every((id) => t.signs.some((s) => s.id === id));
    },
    {
      message: 'every sign must be shown by the sender, the subject or a part, and every shown sign explained',
      path: ['signs'],
    },
  );
export type TPhishingText = z.infer<typeof ZPhishingText>;
