import type { Page } from '@playwright/test';
import { createTranslator } from '@portal/i18n';
import { expect, type TDemoRole, test } from './support/fixtures.ts';
import { freshAccount, signInFresh } from './support/fresh-account.ts';

/*
 * Issue 15: the shell fits every role. At a laptop (1280 × 800, 1366 × 768) the navigation is a
 * side bar; on a phone (390 × 844) it sits behind a menu button. In both languages no navigation
 * item wraps or is cut off, the page never scrolls sideways, and the current page is marked.
 */

test.describe.configure({ mode: 'parallel' });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;
const SIDE_BAR_FROM = 1024;

const HOME: Record<TDemoRole, string> = {
  employee: '/trainings',
  manager: '/course-settings',
  employer: '/course-settings',
  admin: '/admin/policyholders',
  insurer: '/insurer',
};

/**
 * Every item of the navigation (links, plain-text links, buttons, the language switch) with the
 * number of lines its text takes and whether its text is cut off; and how far the page scrolls
 * sideways.
 */
function measure(page: Page) {
  return page.evaluate(() => {
    const nav = document.getElementById('main-menu');
    const items = Array.from(nav?.querySelectorAll('.nav-link, .nav-button, .language-switch, .nav-group-label') ?? []);
    /** The line boxes of an element's text: the tops of its text, a few pixels apart at most on one line. */
    const linesOf = (element: Element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.push(rect.top);
      }
      tops.sort((a, b) => a - b);
      return tops.filter((top, index) => index === 0 || top - (tops[index - 1] ?? top) > 4).length;
    };
    return {
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      headerCut: (() => {
        const bar = document.querySelector('.app-header-bar');
        return bar ? bar.scrollWidth - bar.clientWidth : 0;
      })(),
      items: items.map((item) => {
        const box = item.getBoundingClientRect();
        return {
          text: item.textContent ?? '',
          lines: linesOf(item),
          cut: item.scrollWidth > item.clientWidth + 1,
          left: Math.round(box.left),
          top: Math.round(box.top),
          right: Math.round(box.right),
        };
      }),
    };
  });
}

async function expectFits(page: Page, where: string) {
  const { sideways, headerCut, items } = await measure(page);
  expect(sideways, `${where}: the page scrolls sideways`).toBe(0);
  expect(headerCut, `${where}: the header is cut off`).toBeLessThanOrEqual(0);
  expect(items.length, `${where}: navigation items`).toBeGreaterThan(2);
  const viewport = page.viewportSize()?.width ?? 0;
  for (const item of items) {
    expect(item.lines, `${where}: "${item.text}" wraps`).toBe(1);
    expect(item.cut, `${where}: "${item.text}" is cut off`).toBe(false);
    expect(item.right, `${where}: "${item.text}" leaves the screen`).toBeLessThanOrEqual(viewport);
  }
  return items;
}

for (const role of ['employee', 'manager', 'employer', 'admin', 'insurer'] as const) {
  for (const lang of ['de', 'en'] as const) {
    test(`${role} (${lang}): the navigation fits at laptop and phone sizes`, async ({ page }) => {
      const t = createTranslator(lang);
      await page.addInitScript((value) => localStorage.setItem('lang', value), lang);
      await signInFresh(page, role, await freshAccount(role, lang, 'shell'));
      await expect(page).toHaveURL(HOME[role]);
      const nav = page.getByRole('navigation', { name: t('nav.main') });
      const menuButton = page.getByRole('button', { name: t('nav.open_menu') });

      for (const size of SIZES) {
        const where = `${role} ${lang} ${size.width}×${size.height}`;
        await page.setViewportSize(size);
        await page.goto(HOME[role]);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The current page is marked for assistive technology (and visibly).
        const current = nav.locator('[aria-current="page"]');

        if (size.width >= SIDE_BAR_FROM) {
          await expect(nav).toBeVisible();
          await expect(menuButton).toBeHidden();
          await expect(current).toHaveAttribute('href', HOME[role]);
          const items = await expectFits(page, where);
          // A side bar: at the left edge, its items one below the other.
          const links = items.filter((item) => item.text !== '');
          expect(Math.max(...links.map((item) => item.right)), `${where}: side bar width`).toBeLessThan(300);
          const tops = links.map((item) => item.top);
          expect(new Set(tops).size, `${where}: items stacked`).toBe(tops.length);
          const main = await page.getByRole('main').boundingBox();
          expect(main?.x ?? 0, `${where}: the page beside the side bar`).toBeGreaterThanOrEqual(250);
        } else {
          // A phone: the menu button, the navigation closed until it is opened.
          await expect(menuButton).toBeVisible();
          await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
          await expect(nav).toBeHidden();
          expect((await measure(page)).sideways, `${where}: the page scrolls sideways`).toBe(0);
          await menuButton.click();
          const closeButton = page.getByRole('button', { name: t('nav.close_menu') });
          await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
          await expect(nav).toBeVisible();
          await expect(current).toHaveAttribute('href', HOME[role]);
          await expectFits(page, `${where} (menu open)`);
          // Escape closes it and gives the focus back to the button.
          await page.keyboard.press('Escape');
          await expect(nav).toBeHidden();
          await expect(menuButton).toBeFocused();
        }
      }
    });
  }
}
