import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError, loadCourses } from './load-courses.ts';
import { COURSE_SLUGS } from './schema.ts';

const COURSES = join(import.meta.dirname, 'courses');

/** A copy of the real courses to break one thing in. */
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'portal-content-'));
  cpSync(COURSES, root, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function problemsOf(dir: string): string[] {
  try {
    loadCourses(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

const editJson = (file: string, edit: (json: Record<string, unknown>) => void) => {
  const path = join(root, file);
  const json = JSON.parse(readFileSync(path, 'utf8'));
  edit(json);
  writeFileSync(path, JSON.stringify(json));
};
type TQuiz = { answers: { correct: boolean }[] }[];
type TSlides = { id: string; type?: string; image?: string; imageAlt?: string }[];

describe('the twelve courses', () => {
  it('all load, in German and English, with enough questions', () => {
    const courses = loadCourses();
    expect([...courses.keys()].sort()).toEqual([...COURSE_SLUGS].sort());
    for (const course of courses.values()) {
      for (const lang of ['de', 'en'] as const) {
        expect(course.text[lang].quiz.length, `${course.meta.slug} ${lang}`).toBeGreaterThanOrEqual(10);
        expect(course.text[lang].slides.length).toBeGreaterThanOrEqual(8);
      }
    }
  });
});

describe('the content check refuses a broken course', () => {
  it('accepts the unbroken copy', () => {
    expect(problemsOf(root)).toEqual([]);
  });

  it('a missing language', () => {
    unlinkSync(join(root, 'malware', 'en.json'));
    expect(problemsOf(root)).toContain('malware/en.json: file missing');
  });

  it('fewer than 10 questions', () => {
    editJson('byod/de.json', (json) => {
      json.quiz = (json.quiz as unknown[]).slice(0, 9);
    });
    expect(problemsOf(root).some((p) => p.startsWith('byod/de.json: quiz:'))).toBe(true);
  });

  it('a question without a correct answer', () => {
    editJson('email-security/de.json', (json) => {
      for (const answer of (json.quiz as TQuiz)[0]?.answers ?? []) answer.correct = false;
    });
    expect(problemsOf(root)).toContainEqual(
      expect.stringMatching(/^email-security\/de\.json: quiz\.0.*correct answer/),
    );
  });

  it('an unknown image', () => {
    editJson('remote-work/course.json', (json) => {
      json.image = 'missing-picture.svg';
    });
    expect(problemsOf(root)).toContain('remote-work/course.json: unknown image missing-picture.svg');
  });

  it('a slug that is not one of the twelve', () => {
    cpSync(join(root, 'malware'), join(root, 'crypto-mining'), { recursive: true });
    expect(problemsOf(root)).toContainEqual(expect.stringMatching(/^crypto-mining: not one of the twelve/));
  });

  it('languages that disagree on the answer key', () => {
    editJson('social-media/en.json', (json) => {
      const answers = (json.quiz as TQuiz)[0]?.answers ?? [];
      for (const answer of answers) answer.correct = !answer.correct;
      if (answers.every((a) => !a.correct) && answers[0]) answers[0].correct = true;
    });
    expect(problemsOf(root)).toContainEqual(expect.stringMatching(/^social-media\/en\.json: .*must match de\.json/));
  });

  it('an SVG with a script', () => {
    writeFileSync(join(root, 'byod', 'image.svg'), '<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>');
    expect(problemsOf(root)).toContainEqual(expect.stringMatching(/^byod\/course\.json: image\.svg contains scripts/));
  });

  it('fewer than two interactive slides in a language', () => {
    editJson('byod/de.json', (json) => {
      const slides = json.slides as TSlides;
      const interactive = slides.filter((slide) => (slide.type ?? 'text') !== 'text');
      // Keep one exercise: one is not enough.
      json.slides = slides.filter((slide) => !interactive.slice(1).includes(slide));
    });
    expect(problemsOf(root)).toContain(
      'byod/de.json: slides: a course needs at least 2 interactive slides (scenario, spot-the-signs or sort)',
    );
  });

  it('a slide without a picture, and one without alt text', () => {
    let first = '';
    let second = '';
    editJson('malware/de.json', (json) => {
      const slides = json.slides as TSlides;
      first = slides[0]?.id ?? '';
      delete slides[0]?.image;
    });
    editJson('malware/en.json', (json) => {
      const slides = json.slides as TSlides;
      second = slides[1]?.id ?? '';
      delete slides[1]?.imageAlt;
    });
    const problems = problemsOf(root);
    expect(problems).toContainEqual(
      expect.stringMatching(new RegExp(`^malware/de\\.json: slides\\.0\\[${first}\\]\\.image: `)),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(new RegExp(`^malware/en\\.json: slides\\.1\\[${second}\\]\\.imageAlt: `)),
    );
  });

  it("a slide's picture that is not in the folder, and a picture with words in it", () => {
    const slides = JSON.parse(readFileSync(join(root, 'email-security', 'de.json'), 'utf8')).slides as TSlides;
    const [gone, worded] = slides;
    unlinkSync(join(root, 'email-security', gone?.image ?? ''));
    writeFileSync(
      join(root, 'email-security', worded?.image ?? ''),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">Klick</text></svg>',
    );
    const problems = problemsOf(root);
    expect(problems).toContain(`email-security/de.json: slides.${gone?.id}.image: unknown image ${gone?.image}`);
    expect(problems).toContain(
      `email-security/de.json: slides.${worded?.id}.image: ${worded?.image} contains text; pictures carry no words`,
    );
  });

  it('languages that disagree on the type of a slide', () => {
    editJson('cyber-emergency/en.json', (json) => {
      const slide = (json.slides as TSlides).find((entry) => (entry.type ?? 'text') !== 'text');
      // The same slide as a plain text slide, so only the type differs from de.json.
      if (slide) Object.assign(slide, { type: 'text', body: 'x '.repeat(60) });
      for (const key of ['prompt', 'choices', 'mock', 'signs', 'groups', 'items']) {
        if (slide) delete (slide as Record<string, unknown>)[key];
      }
    });
    expect(problemsOf(root)).toContainEqual(
      expect.stringMatching(/^cyber-emergency\/en\.json: slide ids, slide types, slide images/),
    );
  });

  it('a term the house style refuses (content/style-rules.ts), named with file and path', () => {
    editJson('email-security/de.json', (json) => {
      (json.keyRules as string[])[3] =
        'Ändern Sie Bankverbindungen Ihrer Lieferanten nie auf eine E-Mail hin: Rufen Sie unter der bekannten Nummer zurück.';
    });
    expect(problemsOf(root)).toEqual([
      expect.stringMatching(/^email-security\/de\.json: keyRules\.3: "Lieferanten": the house term is „Lieferfirma“/),
    ]);
  });

  it('npm run content:check exits non-zero on a broken fixture and names the problem', () => {
    unlinkSync(join(root, 'patchmanagement', 'de.json'));
    let output = '';
    let status = 0;
    try {
      execFileSync('npx', ['tsx', join(import.meta.dirname, '../scripts/content-check.ts'), root], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      const failure = error as { status: number; stderr: string };
      status = failure.status;
      output = failure.stderr;
    }
    expect(status).toBe(1);
    expect(output).toContain('patchmanagement/de.json: file missing');
    // A process of its own (npx, tsx, all twelve courses): seconds on a busy 2-core machine.
  }, 30_000);
});
