import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMA_FILES, jsonSchemaText } from './json-schema.ts';
import { minReadingSeconds } from './reading-time.ts';
import { ZSlide } from './schema.ts';

const common = { id: 'demo', title: 'Ein Titel', image: 'slide-demo.svg', imageAlt: 'Ein Umschlag mit Haken' };
const feedback = 'Eine Rückmeldung, die erklärt, warum.';

const scenario = {
  ...common,
  type: 'scenario',
  body: 'Freitag, 16:40 Uhr. Eine Mail vom Chef: Bitte sofort überweisen.',
  prompt: 'Was tun Sie?',
  choices: [
    { id: 'pay', text: 'Sofort überweisen', correct: false, feedback },
    { id: 'call', text: 'Zurückrufen', correct: true, feedback },
  ],
};
const spot = {
  ...common,
  type: 'spot-the-signs',
  body: 'Markieren Sie alles Verdächtige.',
  mock: {
    kind: 'email',
    parts: [
      { id: 'from', role: 'sender', text: 'Bank <info@bank-sicherheit.example>', sign: 'sender' },
      { id: 'hello', role: 'paragraph', text: 'Guten Tag,' },
      { id: 'go', role: 'link', text: 'Jetzt bestätigen', target: 'https://bank-sicherheit.example/x', sign: 'link' },
    ],
  },
  signs: [
    { id: 'sender', label: 'Absender', explanation: feedback },
    { id: 'link', label: 'Linkziel', explanation: feedback },
  ],
};
const sort = {
  ...common,
  type: 'sort',
  body: 'Sortieren Sie die Punkte.',
  groups: [
    { id: 'safe', label: 'Sicher' },
    { id: 'risky', label: 'Riskant' },
  ],
  items: ['a', 'b', 'c', 'd'].map((id, index) => ({
    id,
    text: `Punkt ${id}`,
    group: index % 2 ? 'safe' : 'risky',
    explanation: feedback,
  })),
};

const messages = (slide: unknown) => ZSlide.safeParse(slide).error?.issues.map((issue) => issue.message) ?? [];

describe('slide types', () => {
  it('accepts a text slide without a type, and each interactive type', () => {
    expect(messages({ ...common, body: 'Wort '.repeat(20) })).toEqual([]);
    expect(messages(scenario)).toEqual([]);
    expect(messages(spot)).toEqual([]);
    expect(messages(sort)).toEqual([]);
  });

  it('refuses any slide without a picture or alt text, and an unknown type', () => {
    const { image: _image, ...noImage } = scenario;
    const { imageAlt: _alt, ...noAlt } = sort;
    expect(ZSlide.safeParse(noImage).success).toBe(false);
    expect(ZSlide.safeParse(noAlt).success).toBe(false);
    expect(ZSlide.safeParse({ ...scenario, type: 'quiz' }).success).toBe(false);
  });

  it('scenario: 2-4 choices, at least one correct, unique ids', () => {
    const choice = scenario.choices[0];
    expect(messages({ ...scenario, choices: scenario.choices.map((c) => ({ ...c, correct: false })) })).toContain(
      'a scenario needs at least one correct choice',
    );
    expect(messages({ ...scenario, choices: [choice] })).not.toEqual([]);
    expect(
      messages({ ...scenario, choices: Array.from({ length: 5 }, (_, i) => ({ ...choice, id: `c${i}` })) }),
    ).not.toEqual([]);
    expect(messages({ ...scenario, choices: [choice, { ...choice, correct: true }] })).toContain(
      'choice ids must be unique within a slide',
    );
    expect(messages({ ...scenario, prompt: undefined })).not.toEqual([]);
  });

  it('spot-the-signs: known signs, every sign shown, one harmless part, a known kind', () => {
    const parts = spot.mock.parts;
    const withParts = (next: unknown[]) => ({ ...spot, mock: { ...spot.mock, parts: next } });
    expect(messages(withParts(parts.map((p) => ({ ...p, sign: p.sign && 'other' }))))).toContain(
      'a mock part names a sign that is not in signs',
    );
    expect(messages(withParts(parts.filter((p) => p.id !== 'go')))).toContain(
      'every sign must be shown by at least one mock part',
    );
    expect(messages(withParts(parts.map((p) => ({ ...p, sign: p.sign ?? 'sender' }))))).toContain(
      'at least one mock part must be unsuspicious, so that marking everything is not an answer',
    );
    expect(ZSlide.safeParse({ ...spot, mock: { ...spot.mock, kind: 'fax' } }).success).toBe(false);
    expect(ZSlide.safeParse(withParts(parts.map((p) => ({ ...p, role: 'banner' })))).success).toBe(false);
  });

  it('sort: 2-3 groups, 4-8 items, every item in a known group, no empty group', () => {
    expect(messages({ ...sort, items: sort.items.map((item) => ({ ...item, group: 'maybe' })) })).toContain(
      'an item names a group that is not in groups',
    );
    expect(messages({ ...sort, items: sort.items.map((item) => ({ ...item, group: 'safe' })) })).toContain(
      'every group needs at least one item',
    );
    expect(messages({ ...sort, items: sort.items.slice(0, 3) })).not.toEqual([]);
    expect(messages({ ...sort, groups: [sort.groups[0]] })).not.toEqual([]);
  });

  it('counts what a learner reads on an exercise, not the feedback', () => {
    const long = 'Wort '.repeat(80).trim();
    const base = minReadingSeconds(ZSlide.parse(scenario));
    const withLongFeedback = {
      ...scenario,
      choices: scenario.choices.map((choice) => ({ ...choice, feedback: long })),
    };
    const withLongChoices = {
      ...scenario,
      choices: scenario.choices.map((choice) => ({ ...choice, text: long.slice(0, 199) })),
    };
    expect(minReadingSeconds(ZSlide.parse(withLongFeedback))).toBe(base);
    // 2 × 40 more words at 200 words per minute: 24 s more.
    expect(minReadingSeconds(ZSlide.parse(withLongChoices))).toBeGreaterThanOrEqual(base + 20);
  });
});

describe('the JSON Schemas for editors', () => {
  it('are generated from the current zod schema (run npm run content:schema after changing it)', () => {
    for (const [file, schema] of Object.entries(JSON_SCHEMA_FILES)) {
      expect(readFileSync(join(import.meta.dirname, 'schema', file), 'utf8'), file).toBe(jsonSchemaText(schema));
    }
  });

  it('describe a slide of each type (the editor completes `type` and its fields)', () => {
    const text = readFileSync(join(import.meta.dirname, 'schema', 'course-text.schema.json'), 'utf8');
    for (const type of ['scenario', 'spot-the-signs', 'sort']) expect(text).toContain(`"const": "${type}"`);
  });
});
