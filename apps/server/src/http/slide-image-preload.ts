import { courseCatalog, courseImageUrl } from '@portal/core';
import { picturePreload } from './page-head.ts';

const SLIDE_PATH = /^\/trainings\/([a-z0-9-]{1,64})\/(\d{1,3})\/?$/;

/**
 * A slide's address (`/trainings/{slug}/{n}`) gets a preload of that slide's picture in
 * index.html: the picture is usually the page's largest element, and without the hint the
 * browser finds it only after the scripts have run and the course has arrived (ADR 031).
 * Pictures are the same in both languages and public (`/media/courses/…`), so the hint tells
 * nobody anything; any other address, an unknown course or slide gets none.
 */
export function slideImagePreloadLink(pathname: string): string {
  const match = SLIDE_PATH.exec(pathname);
  if (!match) return '';
  const course = courseCatalog().get(match[1] as never);
  const slide = course?.text.de.slides[Number(match[2]) - 1];
  if (!course || !slide) return '';
  return picturePreload(courseImageUrl(course.meta.slug, slide.image));
}
