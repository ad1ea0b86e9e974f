import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError } from './load-courses.ts';
import { loadPhishingTemplates } from './load-phishing.ts';
import { PHISHING_TOPICS } from './phishing-schema.ts';

const meta = () => ({
  slug: 'parcel-fee',
  version: '1.0.0',
  topic: 'parcel',
  difficulty: 1,
  course: 'email-security',
  landing: 'teaching',
  signs: ['sender', 'urgency', 'link-target'],
});
const text = () => ({
  title: 'Paket: Gebühr offen',
  summary: 'Ein Paketdienst verlangt eine kleine Gebühr per Link; prüft Absender und Linkziel.',
  from: { name: 'Paketdienst', localPart: 'zustellung', sign: 'sender' },
  subject: { text: 'Ihr Paket wartet – Gebühr bis heute zahlen', sign: 'urgency' },
  parts: [
    { id: 'hello', role: 'paragraph', text: 'Guten Tag {{firstName}},' },
    { id: 'pay', role: 'button', text: 'Jetzt 1,99 € zahlen', shownTarget: 'https://www.dhl.de', sign: 'link-target' },
  ],
  signs: [
    {
      id: 'sender',
      label: 'Absender',
      explanation: 'Der Name sagt Paketdienst, die Adresse nach dem @ gehört keinem.',
    },
    { id: 'urgency', label: 'Zeitdruck', explanation: 'Bis heute zahlen: Zeitdruck soll Sie am Prüfen hindern.' },
    {
      id: 'link-target',
      label: 'Linkziel',
      explanation: 'Der Knopf führt auf eine Adresse, die nicht dem Paketdienst gehört.',
    },
  ],
  lesson:
    'Diese Mail wollte, dass Sie eine Gebühr über einen fremden Link zahlen. Öffnen Sie die Sendungsverfolgung selbst.',
});

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'portal-phishing-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(files: { meta?: object; de?: object; en?: object }, slug = 'parcel-fee') {
  mkdirSync(join(root, slug), { recursive: true });
  writeFileSync(join(root, slug, 'template.json'), JSON.stringify(files.meta ?? meta()));
  writeFileSync(join(root, slug, 'de.json'), JSON.stringify(files.de ?? text()));
  writeFileSync(join(root, slug, 'en.json'), JSON.stringify(files.en ?? text()));
}

function problems(options?: { requireAllTopics: boolean }): string[] {
  try {
    loadPhishingTemplates(root, options);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

describe('phishing templates', () => {
  it('the real folder holds a valid template for every topic, in German and English', () => {
    const templates = loadPhishingTemplates();
    expect(templates.size).toBeGreaterThanOrEqual(12);
    expect(new Set([...templates.values()].map((t) => t.meta.topic))).toEqual(new Set(PHISHING_TOPICS));
    for (const template of templates.values()) {
      expect(template.text.de.title).not.toEqual(template.text.en.title);
    }
  });

  it('a valid fixture loads', () => {
    write({});
    expect(problems()).toEqual([]);
    expect([...loadPhishingTemplates(root).keys()]).toEqual(['parcel-fee']);
  });

  it('names the file and the path of a broken field', () => {
    write({ meta: { ...meta(), difficulty: 4 } });
    expect(problems()).toEqual([expect.stringMatching(/^phishing\/parcel-fee\/template\.json: difficulty: /)]);
  });

  it('refuses a folder whose slug differs', () => {
    write({}, 'other-name');
    expect(problems()).toEqual(['phishing/other-name/template.json: slug parcel-fee differs from its folder']);
  });

  it('refuses HTML and unknown placeholders in the mail', () => {
    const html = text();
    html.parts[0] = { id: 'hello', role: 'paragraph', text: 'Hallo <b>{{firstName}}</b>' };
    write({ de: html });
    expect(problems()).toEqual([expect.stringContaining('phishing/parcel-fee/de.json: parts.0[hello].text: no HTML')]);
    const unknown = text();
    unknown.parts[0] = { id: 'hello', role: 'paragraph', text: 'Hallo {{password}}' };
    write({ de: unknown });
    expect(problems()).toEqual([
      expect.stringContaining('phishing/parcel-fee/de.json: parts.0[hello].text: only the placeholders'),
    ]);
  });

  it('refuses a sign that is explained but not declared, and one that no part shows', () => {
    write({ meta: { ...meta(), signs: ['sender', 'urgency'] } });
    expect(problems()).toEqual([
      'phishing/parcel-fee/de.json: signs: explains link-target, sender, urgency; template.json declares sender, urgency',
      'phishing/parcel-fee/en.json: signs: explains link-target, sender, urgency; template.json declares sender, urgency',
    ]);
    const unshown = text();
    unshown.subject = { text: 'Ihr Paket wartet', sign: undefined as unknown as string };
    write({ en: unshown });
    expect(problems()).toEqual([
      expect.stringMatching(/^phishing\/parcel-fee\/en\.json: signs: every sign must be shown/),
    ]);
  });

  it('refuses a mail with nothing to click, and one where every part is a sign', () => {
    const nothing = text();
    nothing.parts = [
      { id: 'hello', role: 'paragraph', text: 'Guten Tag,' },
      { id: 'more', role: 'paragraph', text: 'bitte zahlen Sie.', sign: 'link-target' },
    ];
    write({ de: nothing });
    expect(problems()).toEqual([expect.stringContaining('needs at least one link, button, attachment or QR code')]);
    const all = text();
    all.parts = [
      { id: 'pay', role: 'button', text: 'Jetzt zahlen', sign: 'link-target' },
      { id: 'b', role: 'link', text: 'Mehr', sign: 'urgency' },
    ];
    write({ de: all });
    expect(problems()).toEqual([expect.stringContaining('at least one part must be unsuspicious')]);
  });

  it('wants the imitation sign-in labels exactly for sign-in templates, and a QR part for the QR topic', () => {
    write({ meta: { ...meta(), landing: 'sign-in' } });
    expect(problems()).toEqual([
      'phishing/parcel-fee/de.json: signIn: missing; template.json sets landing "sign-in"',
      'phishing/parcel-fee/en.json: signIn: missing; template.json sets landing "sign-in"',
    ]);
    write({ meta: { ...meta(), topic: 'qr-code' } });
    expect(problems()).toContain(
      'phishing/parcel-fee/de.json: parts: a qr-code template needs a part with role "qr-code"',
    );
  });

  it('refuses what the house style refuses in the signs and the lesson, not in the mail', () => {
    const styled = text();
    styled.lesson = `${styled.lesson} Rufen Sie den Lieferanten unter der bekannten Nummer an.`;
    styled.parts[0] = { id: 'hello', role: 'paragraph', text: 'Guten Tag {{firstName}}, Ihr Lieferant meldet sich.' };
    write({ de: styled });
    expect(problems()).toEqual([
      expect.stringMatching(/^phishing\/parcel-fee\/de\.json: lesson: "Lieferanten": the house term is „Lieferfirma“/),
    ]);
  });

  it('wants every topic covered when asked to', () => {
    write({});
    const missing = PHISHING_TOPICS.filter((topic) => topic !== 'parcel').join(', ');
    expect(problems({ requireAllTopics: true })).toEqual([`phishing: no template for the topics ${missing}`]);
  });
});
