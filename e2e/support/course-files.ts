import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, fillSignIn } from './fixtures.ts';

/** Course files as the exercise specs read them (the slides are found by type, not by number). */
export type TLang = 'de' | 'en';
export type TChoice = { id: string; text: string; correct: boolean; feedback: string };
export type TPart = { id: string; text: string; sign?: string };
export type TSlide = {
  id: string;
  title: string;
  type?: 'text' | 'scenario' | 'spot-the-signs' | 'sort';
  choices?: TChoice[];
  mock?: { parts: TPart[] };
  signs?: { id: string; label: string; explanation: string }[];
  groups?: { id: string; label: string }[];
  items?: { id: string; text: string; group: string; explanation: string }[];
};
export type TCourseFile = {
  title: string;
  slides: TSlide[];
  keyRules: string[];
  quiz: { question: string; answers: { text: string; correct: boolean }[] }[];
};

const COURSES = [
  'email-security',
  'social-engineering',
  'password-security',
  'malware',
  'connection-security',
  'physical-security',
  'cyber-emergency',
  'byod',
  'remote-work',
  'social-media',
  'patchmanagement',
  '5-golden-rules',
];
export const course = (slug: string, lang: TLang): TCourseFile =>
  JSON.parse(readFileSync(new URL(`../../content/courses/${slug}/${lang}.json`, import.meta.url), 'utf8'));

/** The first course (and slide number) that has a slide of this type. */
export function firstSlideOf(type: NonNullable<TSlide['type']>) {
  for (const slug of COURSES) {
    const index = course(slug, 'de').slides.findIndex((slide) => slide.type === type);
    if (index >= 0) return { slug, number: index + 1 };
  }
  throw new Error(`no course has a ${type} slide`);
}

export const TEXT = {
  de: {
    badge: 'Übung',
    good: 'Gute Wahl',
    bad: 'Besser nicht',
    check: 'Auswahl prüfen',
    found: (found: number, total: number) => `Sie haben ${found} von ${total} Anzeichen gefunden.`,
    missed: 'Übersehen',
    harmless: 'Unauffällig',
    retry: 'Noch einmal',
    checkSort: 'Zuordnung prüfen',
    sortFirst: 'Ordnen Sie zuerst jeden Punkt einer Gruppe zu.',
    sorted: (right: number, total: number) => `${right} von ${total} richtig zugeordnet.`,
    toQuiz: 'Zum Quiz',
    passed: 'Bestanden!',
    score: 'Sie haben 100 % erreicht.',
    takeaway: 'Merkblatt herunterladen (PDF)',
  },
  en: {
    badge: 'Exercise',
    good: 'Good choice',
    bad: 'Better not',
    check: 'Check my selection',
    found: (found: number, total: number) => `You found ${found} of ${total} signs.`,
    missed: 'Missed',
    harmless: 'Harmless',
    retry: 'Try again',
    checkSort: 'Check my sorting',
    sortFirst: 'First put every item into a group.',
    sorted: (right: number, total: number) => `${right} of ${total} sorted correctly.`,
    toQuiz: 'Go to the quiz',
    passed: 'Passed!',
    score: 'You scored 100 %.',
    takeaway: 'Download the take-away sheet (PDF)',
  },
} as const;

export async function signInAs(page: Page, email: string, lang: TLang) {
  await page.goto('/login');
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  await fillSignIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/trainings$/);
}
