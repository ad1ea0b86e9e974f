import { describe, expect, it } from 'vitest';
import { scriptJson } from './script-json.ts';

/** What an HTML parser does with a script block's text: it ends at the first `</script`. */
const scriptText = (json: string) => {
  const html = `<script type="application/json" id="x">${json}</script>`;
  const end = html.indexOf('</script', html.indexOf('>') + 1);
  return html.slice(html.indexOf('>') + 1, end);
};

describe('scriptJson (issue 25 point 2)', () => {
  const hostile = {
    lastname: '</script><script>alert(1)</script>',
    slide: { title: 'Kommentar <!-- und </SCRIPT > & mehr', body: 'Zeile\u2028Absatz\u2029Ende' },
  };

  it('keeps every character that could end the block or open a comment out of the HTML', () => {
    const json = scriptJson(hostile);
    expect(json).not.toMatch(/<\/|<!|[\u2028\u2029]/);
    // The block holds the whole JSON: nothing in it ends the script early.
    expect(scriptText(json)).toBe(json);
  });

  it('reads back as exactly the same data', () => {
    expect(JSON.parse(scriptText(scriptJson(hostile)))).toEqual(hostile);
  });

  it('leaves other markup as it is, so a slide’s HTML stays small', () => {
    const json = scriptJson({ html: '<p>Ein <strong>Satz</strong> &amp; mehr</p>', path: 'a\\</b' });
    expect(json).toBe('{"html":"<p>Ein <strong>Satz<\\/strong> &amp; mehr<\\/p>","path":"a\\\\<\\/b"}');
    expect(JSON.parse(scriptText(json))).toEqual({
      html: '<p>Ein <strong>Satz</strong> &amp; mehr</p>',
      path: 'a\\</b',
    });
  });

  it('is what the unescaped form would break', () => {
    // The check above can fail: plain JSON.stringify leaves the block at the name's `</script>`.
    const plain = JSON.stringify(hostile);
    expect(scriptText(plain)).not.toBe(plain);
  });
});
