import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { freshAccount, signInFresh } from './support/fresh-account.ts';

/**
 * Issue 23, point 3 (ADR 035): the policyholder downloads the evidence pack from the proof of
 * insurance page, and the file is the ZIP with evidence.json, evidence.pdf and the proof of
 * insurance that the page has just issued. On both databases.
 */
test('the policyholder downloads the evidence pack from the proof of insurance page', async ({ page }) => {
  const email = await freshAccount('employer', 'de', 'evidence');
  await signInFresh(page, 'employer', email);
  await page.goto('/proofOfInsurance');
  await expect(page.getByRole('heading', { name: 'Versicherungsnachweis', level: 1 })).toBeVisible();
  // The page issues the proof of insurance first; the pack then holds it.
  await expect(page.getByText(/^Prüfcode: /)).toBeVisible();
  const code = ((await page.getByText(/^Prüfcode: /).textContent()) ?? '').replace('Prüfcode: ', '').trim();
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(page.getByRole('heading', { name: 'Nachweispaket', level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Nachweispaket herunterladen' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^evidence-AS-2024050601-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files).sort()).toEqual([`company-certificate-${code}.pdf`, 'evidence.json', 'evidence.pdf']);
  const facts = JSON.parse(strFromU8(files['evidence.json'] ?? new Uint8Array()));
  expect(facts).toMatchObject({
    variant: 'employer',
    language: 'de',
    company: { policyNumber: 'AS-2024050601' },
    companyCertificate: { code, state: 'valid' },
    personalCertificates: [],
  });
  expect(facts.company.name).toMatch(/^Altbestand evidence\..+ GmbH$/);
  expect(facts.courses.map((course: { slug: string }) => course.slug)).toEqual(['malware']);
});
