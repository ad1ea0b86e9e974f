import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCourses } from './load-courses.ts';
import { loadPhishingTemplates } from './load-phishing.ts';
import type { TPhishingText } from './phishing-schema.ts';
import type { TCourseLanguage, TCourseText } from './schema.ts';
import { courseStyleProblems, phishingStyleProblems } from './style-rules.ts';

/** A real course language file to break one thing in (the checks need no schema parse). */
const course = (slug: string, lang: TCourseLanguage): TCourseText =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'courses', slug, `${lang}.json`), 'utf8'));
const template = (slug: string, lang: TCourseLanguage): TPhishingText =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'phishing', slug, `${lang}.json`), 'utf8'));

/** The problems of a real course after one edit. */
function problemsAfter(slug: string, lang: TCourseLanguage, edit: (text: TCourseText) => void): string[] {
  const text = course(slug, lang);
  edit(text);
  return courseStyleProblems(text, lang, `${slug}/${lang}.json`);
}

const question = (text: TCourseText, id: string) => {
  const found = text.quiz.find((q) => q.id === id);
  if (!found) throw new Error(`no question ${id}`);
  return found;
};
const slide = (text: TCourseText, id: string) => {
  const found = text.slides.find((s) => s.id === id);
  if (!found) throw new Error(`no slide ${id}`);
  return found;
};

describe('the house style', () => {
  it('the real courses and phishing templates keep it', () => {
    for (const { meta, text } of loadCourses().values()) {
      for (const lang of ['de', 'en'] as const) {
        expect(courseStyleProblems(text[lang], lang, `${meta.slug}/${lang}.json`)).toEqual([]);
      }
    }
    for (const [slug, { text }] of loadPhishingTemplates()) {
      for (const lang of ['de', 'en'] as const) {
        expect(phishingStyleProblems(text[lang], lang, `phishing/${slug}/${lang}.json`)).toEqual([]);
      }
    }
  });
});

describe('the house style refuses', () => {
  it('„Lieferant“ and „Zulieferer“ for „Lieferfirma“, with file and path', () => {
    const problems = problemsAfter('email-security', 'de', (text) => {
      question(text, 'q-bank-change').question =
        'Ein langjähriger Lieferant teilt eine neue Bankverbindung mit. Was ist richtig?';
      text.keyRules[0] = 'Prüfen Sie neue Bankverbindungen eines Zulieferers per Rückruf unter der bekannten Nummer.';
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^email-security\/de\.json: quiz\.7\[q-bank-change\]\.question: "Lieferant": the house term is „Lieferfirma“/,
      ),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^email-security\/de\.json: keyRules\.0: "Zulieferers": /));
  });

  it('„Vorgesetzte“ for „Führungskraft“', () => {
    const problems = problemsAfter('password-security', 'de', (text) => {
      text.keyRules[4] = 'Geben Sie Passwörter nie weiter – auch nicht an Ihre Vorgesetzte.';
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^password-security\/de\.json: keyRules\.4: "Vorgesetzte": the house term is „Führungskraft“/,
      ),
    ]);
  });

  it('other words for „Handwerksbetrieb“', () => {
    const problems = problemsAfter('patchmanagement', 'de', (text) => {
      question(text, 'q-responsibility').question =
        'Ein Handwerksunternehmen hat zwölf Beschäftigte. Wer ist für Updates verantwortlich?';
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^patchmanagement\/de\.json: quiz\.12\[q-responsibility\]\.question: "Handwerksunternehmen": /,
      ),
    ]);
  });

  it('gender star, colon, slash and capital I instead of both forms', () => {
    const problems = problemsAfter('remote-work', 'de', (text) => {
      text.keyRules[1] = 'Lassen Sie weder Partner*innen noch Mitbewohner/innen den Firmenlaptop benutzen.';
      text.keyRules[2] = 'Halten Sie Ihren Router aktuell, auch für MitarbeiterInnen im Homeoffice.';
    });
    expect(problems).toEqual([
      expect.stringMatching(/^remote-work\/de\.json: keyRules\.1: "Partner\*innen": write both forms/),
      expect.stringMatching(/^remote-work\/de\.json: keyRules\.2: "MitarbeiterInnen": /),
    ]);
  });

  it('„die offizielle App“ / "the official app", but not the official app store', () => {
    const de = problemsAfter('physical-security', 'de', (text) => {
      text.keyRules[5] = 'Bezahlen Sie nicht über aufgeklebte QR-Codes, sondern in der offiziellen App.';
      text.keyRules[4] = 'Laden Sie Park-Apps nur aus dem offiziellen App-Store.';
    });
    const en = problemsAfter('physical-security', 'en', (text) => {
      text.keyRules[5] = 'Pay at the machine or in the official app.';
      text.keyRules[4] = 'Only install parking apps from the official app store.';
    });
    expect(de).toEqual([expect.stringMatching(/^physical-security\/de\.json: keyRules\.5: "offiziellen App": /)]);
    expect(en).toEqual([expect.stringMatching(/^physical-security\/en\.json: keyRules\.5: "official app": /)]);
  });

  it('known absolutes in the portal’s own voice, not in a wrong answer or a denial', () => {
    const de = problemsAfter('social-engineering', 'de', (text) => {
      question(text, 'q-ceo-action').explanation =
        'Rückruf und Freigabeweg stoppen die Chef-Masche zuverlässig. Ein neues Passwort beendet Sitzungen nicht zuverlässig.';
      question(text, 'q-support-call').explanation =
        'Sicher ist nur der Rückruf über eine Nummer, die Sie selbst kennen.';
      slide(text, 'summary').body = 'Sicherheit geben nur feste Abläufe: Rückruf und zweite Freigabe.';
      // A wrong answer may say what the course warns against.
      const wrong = question(text, 'q-caller-id').answers.find((a) => !a.correct);
      if (wrong) wrong.text = 'Der Rückruf schützt zuverlässig vor jedem Betrug.';
    });
    expect(de).toEqual([
      expect.stringMatching(
        /^social-engineering\/de\.json: slides\.14\[summary\]\.body: "Sicherheit geben nur": promises too much/,
      ),
      expect.stringMatching(
        /^social-engineering\/de\.json: quiz\.2\[q-support-call\]\.explanation: "Sicher ist nur": /,
      ),
      expect.stringMatching(
        /^social-engineering\/de\.json: quiz\.6\[q-ceo-action\]\.explanation: "stoppen die Chef-Masche zuverlässig": /,
      ),
    ]);
    const en = problemsAfter('connection-security', 'en', (text) => {
      text.keyRules[4] = 'Hotel Wi-Fi needs, at most, your room number; a VPN reliably stops eavesdroppers.';
      text.keyRules[2] = "A new password doesn't reliably end a stolen session.";
    });
    expect(en).toEqual([expect.stringMatching(/^connection-security\/en\.json: keyRules\.4: "reliably stops": /)]);
  });

  it('NIST requirements called recommendations', () => {
    const de = problemsAfter('password-security', 'de', (text) => {
      question(text, 'q-why-no-periodic').question = 'Warum raten NIST und BSI von erzwungenen Passwortwechseln ab?';
      // Requirements of NIST beside the BSI's advice are fine.
      text.keyRules[0] = 'Folgen Sie den Vorgaben von NIST und den Empfehlungen des BSI: lange, eigene Passwörter.';
    });
    const en = problemsAfter('password-security', 'en', (text) => {
      slide(text, 'bad-patterns').body = 'That is why NIST recommends dropping composition rules for passwords.';
    });
    expect(de).toEqual([
      expect.stringMatching(
        /^password-security\/de\.json: quiz\.7\[q-why-no-periodic\]\.question: "raten NIST": .*requirements/,
      ),
    ]);
    expect(en).toEqual([
      expect.stringMatching(/^password-security\/en\.json: slides\.3\[bad-patterns\]\.body: "NIST recommends": /),
    ]);
  });

  it('„hunderte“ and „daß“', () => {
    const problems = problemsAfter('social-engineering', 'de', (text) => {
      question(text, 'q-helpdesk-flood').question =
        'Seit einer Stunde gehen hunderte Newsletter-Mails ein. Dann ruft „IT-Support“ an. Was tun Sie?';
      text.keyRules[6] = 'Melden Sie jeden Verdacht sofort, auch wenn Sie glauben, daß nichts passiert ist.';
    });
    expect(problems).toEqual([
      expect.stringMatching(/^social-engineering\/de\.json: quiz\.15\[q-helpdesk-flood\]\.question: "hunderte": /),
      expect.stringMatching(/^social-engineering\/de\.json: keyRules\.6: "daß": /),
    ]);
  });

  it('„dass“ without a comma before it, but not after „ohne“ or „und“', () => {
    const problems = problemsAfter('byod', 'de', (text) => {
      text.keyRules[0] = 'Achten Sie darauf dass Ihr Unternehmen private Geräte erlaubt, ohne dass Sie raten müssen.';
      text.keyRules[1] = 'Prüfen Sie, ob der Code stimmt und dass die Sperre aktiv ist.';
    });
    expect(problems).toEqual([
      expect.stringMatching(/^byod\/de\.json: keyRules\.0: "darauf dass": a comma goes before „dass“/),
    ]);
  });

  it('another wording of the multiple-answer hint', () => {
    const problems = problemsAfter('email-security', 'en', (text) => {
      const q = question(text, 'q-lookalike');
      q.question = q.question.replace('(several answers may be correct)', '(Select all that apply)');
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^email-security\/en\.json: quiz\.2\[q-lookalike\]\.question: "\(Select all that apply\)": the multiple-answer hint reads "\(several answers may be correct\)"/,
      ),
    ]);
  });

  it('a missing hint where several answers are right, and a hint where only one is', () => {
    const problems = problemsAfter('email-security', 'de', (text) => {
      const several = question(text, 'q-lookalike');
      several.question = several.question.replace(' (mehrere Antworten möglich)', '');
      const one = question(text, 'q-check-link');
      one.question = `${one.question} (mehrere Antworten möglich)`;
    });
    expect(problems).toEqual([
      expect.stringMatching(/^email-security\/de\.json: quiz\.2\[q-lookalike\]\.question: several answers are right/),
      expect.stringMatching(/^email-security\/de\.json: quiz\.3\[q-check-link\]\.question: only one answer is right/),
    ]);
  });

  it('in a phishing template’s signs and lesson, but not in the mail, which is the attacker’s', () => {
    const text = template('invoice-overdue', 'de');
    text.lesson = text.lesson.replace('die Lieferfirma', 'den Lieferanten');
    const first = text.parts[1];
    if (first) first.text = `${first.text} Ihr Lieferant`;
    expect(phishingStyleProblems(text, 'de', 'phishing/invoice-overdue/de.json')).toEqual([
      expect.stringMatching(
        /^phishing\/invoice-overdue\/de\.json: lesson: "Lieferanten": the house term is „Lieferfirma“/,
      ),
    ]);
  });

  it('nothing in a course’s mock parts, which are the attacker’s', () => {
    const problems = problemsAfter('email-security', 'de', (text) => {
      const spot = slide(text, 'spot-invoice');
      if (spot.type !== 'spot-the-signs') throw new Error('spot-invoice is an exercise');
      const part = spot.mock.parts.find((p) => p.id === 'threat');
      if (part) part.text = `${part.text} Ihr Lieferant sperrt zuverlässig jedes Konto.`;
    });
    expect(problems).toEqual([]);
  });
});
