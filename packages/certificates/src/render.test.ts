import { describe, expect, it } from 'vitest';
import { renderCertificatePdf } from './render-pdf.ts';
import { renderCertificatePng } from './render-png.ts';
import {
  companyFixture,
  differingShare,
  pdfFontList,
  pdfGreyPixels,
  pdfInfo,
  pdfText,
  pdfWordBoxes,
  personalFixture,
  previewGreyPixels,
  type TWordBox,
} from './testing/index.ts';

/** Collapses whitespace, so assertions do not depend on where poppler breaks lines. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** `upper` sits directly above `lower` (same left edge, next line): a label and its value. */
function stacked(boxes: TWordBox[], upper: string, lower: string) {
  return boxes.some(
    (top) =>
      top.word === upper &&
      boxes.some(
        (bottom) =>
          bottom.word === lower &&
          Math.abs(bottom.xMin - top.xMin) < 3 &&
          bottom.yMin > top.yMax &&
          bottom.yMin - top.yMax < 30,
      ),
  );
}

describe('personal certificate PDF', () => {
  it('is one A4 landscape page with embedded fonts and the holder, courses, dates and code in German', async () => {
    const pdf = await renderCertificatePdf(personalFixture(), 'de');
    const info = pdfInfo(pdf);
    expect(info.Pages).toBe('1');
    expect(info['Page size']).toMatch(/^842 x 595 pts \(A4\)/);
    expect(info.Title).toBe('Zertifikat K7QM-2XWD-9HTR');
    expect(pdfFontList(pdf).every((font) => font.embedded)).toBe(true);

    const text = flat(pdfText(pdf));
    expect(text).toContain('Zertifikat');
    expect(text).toContain('Hiermit wird bestätigt, dass');
    expect(text).toContain('Jürgen Groß-Łukasiewicz');
    expect(text).toContain('von Müller & Söhne GmbH');
    expect(text).toContain('die folgenden 6 Schulungen erfolgreich abgeschlossen hat:');
    expect(text).toContain('Passwortsicherheit: Passphrasen, Passwortmanager und Passkeys');
    expect(text).toContain('Social Media: sicher unterwegs – privat und im Namen der Firma');
    expect(text).toContain('abgeschlossen am 01.10.2026');
    expect(text).toContain('abgeschlossen am 06.10.2026');
    const boxes = pdfWordBoxes(pdf);
    expect(stacked(boxes, 'Ausgestellt', '22.11.2026')).toBe(true);
    expect(stacked(boxes, 'Gültig', '22.11.2027')).toBe(true);
    expect(stacked(boxes, 'Gültig', '22.11.2026')).toBe(false);
    expect(text).toContain('Prüfcode K7QM-2XWD-9HTR');
    expect(text).toContain('https://portal.example/verify/K7QM-2XWD-9HTR');
    // Only the six courses of the certificate, not the fixture's other two.
    expect(text).not.toContain('Cyber-Notfall');
  });

  it('is in English for an English viewer, with the same dates in DD.MM.YYYY', async () => {
    const pdf = await renderCertificatePdf(personalFixture(), 'en');
    const text = flat(pdfText(pdf));
    expect(text).toContain('Certificate');
    expect(text).toContain('This is to certify that');
    expect(text).toContain('of Müller & Söhne GmbH');
    expect(text).toContain('has successfully completed the following 6 courses:');
    expect(text).toContain('Password Security: Passphrases, Password Managers and Passkeys');
    expect(text).toContain('completed on 01.10.2026');
    const boxes = pdfWordBoxes(pdf);
    expect(stacked(boxes, 'Issued', '22.11.2026')).toBe(true);
    expect(stacked(boxes, 'Valid', '22.11.2027')).toBe(true);
    expect(text).toContain('Verification code K7QM-2XWD-9HTR');
    expect(text).not.toContain('Zertifikat');
    expect(text).not.toContain('abgeschlossen');
  });

  it('lays the page out as designed: title above name above courses, all inside the frame, footer at the bottom', async () => {
    const boxes = pdfWordBoxes(await renderCertificatePdf(personalFixture(8), 'de'));
    const find = (word: string) => {
      const box = boxes.find((candidate) => candidate.word === word);
      if (!box) throw new Error(`${word} not on the page`);
      return box;
    };
    const title = find('Zertifikat');
    const name = find('Jürgen');
    const firstCourse = find('goldenen');
    const issued = find('Ausgestellt');
    expect(title.yMax).toBeLessThan(name.yMin);
    expect(name.yMax).toBeLessThan(firstCourse.yMin);
    expect(firstCourse.yMax).toBeLessThan(issued.yMin);
    expect(issued.yMin).toBeGreaterThan(595 - 140);
    // The second course sits in the right-hand column, level with the first.
    const secondCourse = find('Passwortsicherheit:');
    expect(secondCourse.xMin).toBeGreaterThan(842 / 2);
    expect(Math.abs(secondCourse.yMin - firstCourse.yMin)).toBeLessThan(2);
    // Everything inside the inner frame (24 pt from each edge).
    for (const box of boxes) {
      expect(box.xMin).toBeGreaterThan(24);
      expect(box.xMax).toBeLessThan(842 - 24);
      expect(box.yMin).toBeGreaterThan(24);
      expect(box.yMax).toBeLessThan(595 - 24);
    }
  });

  it('keeps a very long name on the page', async () => {
    const holder = { firstname: 'Maximiliane-Charlotte Friederike', lastname: 'von Hohenzollern-Sigmaringen-Ößlingen' };
    const boxes = pdfWordBoxes(await renderCertificatePdf(personalFixture(6, holder), 'de'));
    const first = boxes.find((box) => box.word === 'Maximiliane-Charlotte');
    const line = boxes.filter((box) => first && Math.abs(box.yMin - first.yMin) < 2);
    expect(line.map((box) => box.word).join(' ')).toBe(
      'Maximiliane-Charlotte Friederike von Hohenzollern-Sigmaringen-Ößlingen',
    );
    for (const box of line) expect(box.xMax).toBeLessThan(842 - 56);
  });

  it('draws the text where the preview has it: poppler’s rendering matches the resvg preview pixel for pixel, within anti-aliasing', async () => {
    const document = personalFixture();
    const preview = await previewGreyPixels(document, 'de', 842);
    const rendered = pdfGreyPixels(await renderCertificatePdf(document, 'de'), preview.width, preview.height);
    expect(differingShare(rendered, preview.grey)).toBeLessThan(0.01);
    // The comparison can fail: the English preview differs from the German PDF.
    const english = await previewGreyPixels(document, 'en', 842);
    expect(differingShare(rendered, english.grey)).toBeGreaterThan(0.01);
  });
});

describe('company certificate (proof of insurance) PDF', () => {
  it('states company, address, insurance number, enrolled and certified people and the rate per course', async () => {
    const pdf = await renderCertificatePdf(companyFixture(), 'de');
    const text = flat(pdfText(pdf));
    expect(text).toContain('Versicherungsnachweis');
    expect(text).toContain('Müller & Söhne GmbH');
    expect(text).toContain('Hauptstraße 1');
    expect(text).toContain('10115 Berlin');
    expect(text).toContain('Versicherungsnummer AS-1234567890');
    expect(text).toContain('Personen in Schulung');
    expect(text).toContain('davon zertifiziert (75 %)');
    const boxes = pdfWordBoxes(pdf);
    expect(stacked(boxes, '40', 'Personen')).toBe(true);
    expect(stacked(boxes, '30', 'davon')).toBe(true);
    expect(text).toContain('Die 5 goldenen Regeln der IT-Sicherheit');
    expect(text).toMatch(/100 % 40 von 40/);
    expect(text).toMatch(/30 % 12 von 40/);
    expect(text).toContain('Prüfcode K7QM-2XWD-9HTR');
  });

  it('reads in English for an English viewer', async () => {
    const pdf = await renderCertificatePdf(companyFixture(), 'en');
    const text = flat(pdfText(pdf));
    expect(text).toContain('Proof of insurance');
    expect(text).toContain('Insurance number AS-1234567890');
    expect(text).toContain('of them certified (75 %)');
    const boxes = pdfWordBoxes(pdf);
    expect(stacked(boxes, '40', 'people')).toBe(true);
    expect(stacked(boxes, '30', 'of')).toBe(true);
    expect(text).toMatch(/30 % 12 of 40/);
    expect(text).not.toContain('Versicherungsnachweis');
  });
});

describe('preview image', () => {
  it('is a PNG of the page at the asked width', async () => {
    const png = await renderCertificatePng(personalFixture(), 'de', 600);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(600);
    expect(png.readUInt32BE(20)).toBe(Math.round((600 * 595) / 842));
  });
});
