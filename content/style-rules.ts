import type { TPhishingText } from './phishing-schema.ts';
import type { TCourseLanguage, TCourseText } from './schema.ts';

/**
 * The house style (content/README.md, "House style") as far as a machine can check it without
 * false alarms: house terms, inclusive forms, the multiple-answer hint, known absolutes, NIST
 * requirements called recommendations, and two German spelling rules. Worded as content:check words
 * every problem (file, path with the slide's or question's id, what is wrong). Browser-safe.
 */

/** One text the portal shows, where it sits in its file, and whether it is the portal's own claim. */
interface TStyleText {
  path: string;
  text: string;
  /**
   * The portal's own voice: a slide, an explanation, a key rule, a right answer. Wrong answers and
   * choices, items to sort and mock parts may say what the course warns against.
   */
  claim: boolean;
}

interface TStyleRule {
  id: string;
  langs: readonly TCourseLanguage[];
  /** Only checked in the portal's own claims (see TStyleText.claim). */
  claimsOnly: boolean;
  /** What is wrong with the text, or undefined when it keeps the rule. */
  check: (text: string) => string | undefined;
}

const STYLE_SHEET = 'content/README.md, House style';

/** The first match of any pattern, as a short quote for the message. */
function firstMatch(text: string, patterns: readonly RegExp[]): string | undefined {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

const refuse =
  (patterns: readonly RegExp[], advice: string) =>
  (text: string): string | undefined => {
    const found = firstMatch(text, patterns);
    return found === undefined ? undefined : `"${found}": ${advice} (${STYLE_SHEET})`;
  };

/** The multiple-answer hint, one wording per language, at the end of the question. */
export const MULTIPLE_ANSWER_HINT: Record<TCourseLanguage, string> = {
  de: '(mehrere Antworten möglich)',
  en: '(several answers may be correct)',
};
/** A bracket in a question that talks about the answers: a hint, in whatever wording. */
const HINT_LIKE: Record<TCourseLanguage, RegExp> = {
  de: /\([^()]*\b(?:Antwort|Antworten|Mehrfachauswahl|ankreuzen|auswählen)\b[^()]*\)/,
  en: /\([^()]*\b(?:answers?|apply|select|choose|tick)\b[^()]*\)/i,
};

/** Words after which „dass“ needs no comma of its own (the comma, if any, stands before them). */
const DASS_AFTER = new Set([
  'ohne',
  'und',
  'oder',
  'als',
  'so',
  'statt',
  'anstatt',
  'nur',
  'aber',
  'außer',
  'bis',
  'sowie',
  'auch',
  'nicht',
  'sondern',
  'je',
]);

function missingCommaBeforeDass(text: string): string | undefined {
  for (const match of text.matchAll(/(\S+)\s+dass\b/g)) {
    const before = match[1] ?? '';
    if (/[,;:–—(„"“*-]$/.test(before)) continue;
    if (DASS_AFTER.has(before.toLowerCase().replace(/[^\p{L}]/gu, ''))) continue;
    return `"${before} dass": a comma goes before „dass“ (${STYLE_SHEET})`;
  }
  return undefined;
}

export const STYLE_RULES: readonly TStyleRule[] = [
  {
    id: 'term-lieferfirma',
    langs: ['de'],
    claimsOnly: false,
    check: refuse([/\p{L}*(?:[Ll]ieferant|[Zz]ulieferer)\p{L}*/u], 'the house term is „Lieferfirma“'),
  },
  {
    id: 'term-fuehrungskraft',
    langs: ['de'],
    claimsOnly: false,
    check: refuse([/\bVorgesetzte[nr]?\b/], 'the house term is „Führungskraft“'),
  },
  {
    id: 'term-handwerksbetrieb',
    langs: ['de'],
    claimsOnly: false,
    check: refuse(
      [/\bHandwerk(?:er|s)?(?:unternehmen|firm|kleinbetrieb)\p{L}*/u, /\bHandwerkerbetrieb\p{L}*/u],
      'the house term is „Handwerksbetrieb“',
    ),
  },
  {
    id: 'inclusive-forms',
    langs: ['de'],
    claimsOnly: false,
    check: refuse(
      [
        /\p{L}+(?:\*|:|_)in(?:nen)?\b/u,
        /\p{Ll}+\/-?in(?:nen)?\b(?![/.])/u,
        /\p{L}*\p{Ll}Innen\b/u,
        /\p{L}+\((?:in|innen)\)/u,
      ],
      'write both forms („Kolleginnen und Kollegen“, „Partnerin oder Partner“) or a neutral one („Beschäftigte“), no star, colon, slash or capital I',
    ),
  },
  {
    id: 'official-app',
    langs: ['de', 'en'],
    claimsOnly: false,
    check: refuse(
      [
        /\boffiziellen? (?:Park-|Banking-)?App\b(?![- ]?Stores?)/,
        /\bofficial (?:parking |banking )?app\b(?! stores?)/i,
      ],
      'say „die App, die Sie selbst installiert haben“ (en: "the app you installed yourself"): an app from a link can look official too',
    ),
  },
  {
    id: 'absolutes',
    langs: ['de', 'en'],
    claimsOnly: true,
    check: refuse(
      [
        // German
        /\b(?:stopp|verhinder|schütz|sperr)\p{L}*\b(?:(?!\b(?:nicht|kein\p{L}*)\b)[^.!?]){0,40}\bzuverlässig\b/u,
        /\bzuverlässig\s+(?:gestoppt|verhindert|geschützt|gesperrt)\b/,
        /\bSicher(?:heit)?\s+(?:ist|sind|gibt|geben|bringt|bringen|bietet|bieten)\s+nur\b/,
        /\bnur\b[^.!?]{0,60}\b(?:bringt|gibt|schafft|bietet|garantiert)\s+(?:Ihnen\s+)?(?:Sicherheit|Gewissheit)\b/,
        /\bNur\s+(?:ein|der)\s+Rückruf\b[^.!?]{0,80}\b(?:sicher|bestätigt|zuverlässig|garantiert)\b/,
        /\b(?:der|die|das)\s+einzige\s+sichere\b/,
        /\bfüllt\b[^.!?]{0,40}\bnur auf der echten\b/,
        /\bbraucht\s+höchstens\b/,
        // English
        /(?<!\bnot |n['’]t |\bno )\breliably\s+(?:stops?|prevents?|protects?|blocks?|locks?|ends?|throws?|keeps?|removes?)\b/,
        /\b[Oo]nly\b[^.!?]{0,60}\b(?:is safe|are safe|gives? (?:you )?certainty|gives? (?:you )?a reliable answer|is sure to)\b/,
        /\bis sure to reach\b/,
        /\b(?:[Tt]he only safe|[Tt]he safe) (?:route|way|choice|option)\b/,
        /\bonly fills in\b[^.!?]{0,40}\bon the genuine\b/,
        /\bneeds,? at most\b/,
        /\bat most\s+[–-]/,
      ],
      'promises too much; say what the measure does and what it does not',
    ),
  },
  {
    id: 'nist-requirements',
    langs: ['de', 'en'],
    claimsOnly: true,
    check: refuse(
      [
        /\bNIST\b(?:(?!\bBSI\b)[^.;:!?]){0,50}?\b(?:empfiehlt|empfehlen|rät|raten|Empfehlung(?:en)?)\b(?!\s+(?:des|vom|von)\s+BSI\b)/,
        /\b(?:Empfehlung(?:en)?|empfiehlt|empfehlen|rät|raten)\b(?:(?!\b(?:BSI|Vorgabe\p{L}*|verlangt|untersagt|verbietet|fordert)\b)[^.;:!?]){0,40}?\bNIST\b/u,
        /\bNIST\b(?:(?!\bBSI\b)[^.;:!?]){0,50}?\b(?:recommends?|recommendations?|advises?|advice|suggests?)\b/,
        /\b(?:recommend\p{L}*|advi[cs]e\p{L}*)\b(?:(?!\b(?:BSI|requirements?|requires?|forbids?)\b)[^.;:!?]){0,40}?\bNIST\b/u,
      ],
      'NIST SP 800-63B rev. 4 sets requirements for services (SHALL); call them requirements, and name a SHOULD as what services should do',
    ),
  },
  {
    id: 'spelling',
    langs: ['de'],
    claimsOnly: false,
    check: refuse(
      [/\b(?:hunderte|tausende|dutzende)\b/, /\bdaß(?!\p{L})/u],
      'write „Hunderte“, „Tausende“, „Dutzende“ and „dass“',
    ),
  },
  {
    id: 'comma-dass',
    langs: ['de'],
    claimsOnly: false,
    check: missingCommaBeforeDass,
  },
];

const at = (name: string, index: number, id?: string) => `${name}.${index}${id ? `[${id}]` : ''}`;

/** Every text of a course language file except the mock parts (an attacker's words, not ours). */
export function courseTexts(text: TCourseText): TStyleText[] {
  const texts: TStyleText[] = [
    { path: 'title', text: text.title, claim: true },
    { path: 'summary', text: text.summary, claim: true },
    { path: 'imageAlt', text: text.imageAlt, claim: false },
  ];
  text.slides.forEach((slide, index) => {
    const base = at('slides', index, slide.id);
    texts.push({ path: `${base}.title`, text: slide.title, claim: true });
    texts.push({ path: `${base}.imageAlt`, text: slide.imageAlt, claim: false });
    texts.push({ path: `${base}.body`, text: slide.body, claim: true });
    if (slide.type === 'scenario') {
      texts.push({ path: `${base}.prompt`, text: slide.prompt, claim: true });
      slide.choices.forEach((choice, i) => {
        const path = `${base}.${at('choices', i, choice.id)}`;
        texts.push({ path: `${path}.text`, text: choice.text, claim: choice.correct });
        texts.push({ path: `${path}.feedback`, text: choice.feedback, claim: true });
      });
    }
    if (slide.type === 'spot-the-signs') {
      slide.signs.forEach((sign, i) => {
        const path = `${base}.${at('signs', i, sign.id)}`;
        texts.push({ path: `${path}.label`, text: sign.label, claim: true });
        texts.push({ path: `${path}.explanation`, text: sign.explanation, claim: true });
      });
    }
    if (slide.type === 'sort') {
      slide.groups.forEach((group, i) => {
        texts.push({ path: `${base}.${at('groups', i, group.id)}.label`, text: group.label, claim: false });
      });
      slide.items.forEach((item, i) => {
        const path = `${base}.${at('items', i, item.id)}`;
        texts.push({ path: `${path}.text`, text: item.text, claim: false });
        texts.push({ path: `${path}.explanation`, text: item.explanation, claim: true });
      });
    }
  });
  text.quiz.forEach((question, index) => {
    const base = at('quiz', index, question.id);
    texts.push({ path: `${base}.question`, text: question.question, claim: true });
    question.answers.forEach((answer, i) => {
      texts.push({ path: `${base}.${at('answers', i, answer.id)}.text`, text: answer.text, claim: answer.correct });
    });
    texts.push({ path: `${base}.explanation`, text: question.explanation, claim: true });
  });
  text.keyRules.forEach((rule, index) => {
    texts.push({ path: `keyRules.${index}`, text: rule, claim: true });
  });
  return texts;
}

/** What the portal says about a phishing template: not the mail itself, which is the attacker's. */
export function phishingTexts(text: TPhishingText): TStyleText[] {
  return [
    { path: 'title', text: text.title, claim: true },
    { path: 'summary', text: text.summary, claim: true },
    ...text.signs.flatMap((sign, index) => [
      { path: `${at('signs', index, sign.id)}.label`, text: sign.label, claim: true },
      { path: `${at('signs', index, sign.id)}.explanation`, text: sign.explanation, claim: true },
    ]),
    { path: 'lesson', text: text.lesson, claim: true },
  ];
}

/** The rules on every text, one problem per text and rule. */
export function styleProblems(texts: readonly TStyleText[], lang: TCourseLanguage, label: string): string[] {
  const problems: string[] = [];
  for (const rule of STYLE_RULES) {
    if (!rule.langs.includes(lang)) continue;
    for (const entry of texts) {
      if (rule.claimsOnly && !entry.claim) continue;
      const problem = rule.check(entry.text);
      if (problem) problems.push(`${label}: ${entry.path}: ${problem}`);
    }
  }
  return problems;
}

/**
 * The multiple-answer hint: a question with several right answers ends with the language's one
 * wording, a question with one right answer carries none, and no other wording is used.
 */
export function hintProblems(text: TCourseText, lang: TCourseLanguage, label: string): string[] {
  const hint = MULTIPLE_ANSWER_HINT[lang];
  const problems: string[] = [];
  text.quiz.forEach((question, index) => {
    const path = `${label}: ${at('quiz', index, question.id)}.question`;
    const several = question.answers.filter((answer) => answer.correct).length > 1;
    const other = HINT_LIKE[lang].exec(question.question.replaceAll(hint, ''));
    if (other) {
      problems.push(`${path}: "${other[0]}": the multiple-answer hint reads "${hint}" (${STYLE_SHEET})`);
    } else if (several && !question.question.trimEnd().endsWith(hint)) {
      problems.push(`${path}: several answers are right, so the question ends with "${hint}" (${STYLE_SHEET})`);
    } else if (!several && question.question.includes(hint)) {
      problems.push(`${path}: only one answer is right, so the question carries no "${hint}" (${STYLE_SHEET})`);
    }
  });
  return problems;
}

/** All house-style problems of one course language file. */
export function courseStyleProblems(text: TCourseText, lang: TCourseLanguage, label: string): string[] {
  return [...styleProblems(courseTexts(text), lang, label), ...hintProblems(text, lang, label)];
}

/** All house-style problems of one phishing template language file. */
export function phishingStyleProblems(text: TPhishingText, lang: TCourseLanguage, label: string): string[] {
  return styleProblems(phishingTexts(text), lang, label);
}
