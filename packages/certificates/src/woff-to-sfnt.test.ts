import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { certificateFonts } from './fonts.ts';
import { woffToSfnt } from './woff-to-sfnt.ts';

describe('woffToSfnt', () => {
  it('unwraps IBM Plex into a TrueType font with the same glyphs and shaping', () => {
    for (const woff of certificateFonts().values()) {
      const fromWoff = fontkit.create(woff) as fontkit.Font;
      const fromTtf = fontkit.create(woffToSfnt(woff)) as fontkit.Font;
      expect(fromTtf.numGlyphs).toBe(fromWoff.numGlyphs);
      expect(fromTtf.familyName).toBe(fromWoff.familyName);
      const ids = (font: fontkit.Font) => font.layout('Groß Łukasz Şahin Ärger').glyphs.map((glyph) => glyph.id);
      expect(ids(fromTtf)).toEqual(ids(fromWoff));
      expect(ids(fromTtf)).not.toContain(0); // no missing glyph (.notdef)
    }
  });

  it('refuses what is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 and more bytes than that'))).toThrow('not a WOFF 1.0 font');
  });
});
