import PDFDocument from 'pdfkit';

/** Embedded fonts for text beyond WinAnsi (names like Łukasz): a fontkit font or the font's bytes. */
export interface TPdfFonts {
  regular: unknown;
  bold: unknown;
}

export interface TMarkdownPdfOptions {
  title: string;
  footer: string;
  /** The document's language (`/Lang`), for screen readers. */
  lang?: string;
  /** Without: pdfkit's built-in Helvetica, which covers German but not every name. */
  fonts?: TPdfFonts;
}

/*
 * A backslash before ASCII punctuation keeps it literal (CommonMark's escape): `\|` in a table
 * cell, `\*` in a name, `1\.` at the start of a line. Escaped characters travel through the parser
 * as private-use characters and come back just before they are drawn, so text typed by customers
 * (company names) cannot become Markdown (escapeMarkdown).
 */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const PRIVATE_BASE = 0xe000;
const hide = (text: string) =>
  text.replace(ESCAPED, (_, char: string) => String.fromCharCode(PRIVATE_BASE + char.charCodeAt(0)));
const reveal = (text: string) =>
  text.replace(/[\ue000-\ue07f]/g, (char) => String.fromCharCode(char.charCodeAt(0) - PRIVATE_BASE));

/** Text that markdownToPdf draws as it is: every ASCII punctuation character escaped, lines joined. */
export const escapeMarkdown = (text: string) =>
  text
    .replace(/[\ue000-\ue07f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[!-/:-@[-`{-~]/g, '\\$&');

type TAlign = 'left' | 'right' | 'center';

/**
 * Renders the Markdown we write ourselves (headings, paragraphs, lists, tables, **bold**) into an
 * A4 PDF, with pdfkit's built-in Helvetica (WinAnsi covers umlauts, ß, „“ and –) or the fonts
 * given. Not a general Markdown engine: content/legal and the evidence pack are its only inputs.
 */
export function markdownToPdf(markdown: string, meta: TMarkdownPdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    ...(meta.lang && { lang: meta.lang }),
  });
  doc.info.Title = meta.title;
  let regular = 'Helvetica';
  let bold = 'Helvetica-Bold';
  if (meta.fonts) {
    // pdfkit takes a parsed fontkit font as well as bytes (its types only admit the latter).
    doc.registerFont('body', meta.fonts.regular as Buffer);
    doc.registerFont('body-bold', meta.fonts.bold as Buffer);
    regular = 'body';
    bold = 'body-bold';
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;

  /** Text with **bold** runs. */
  const rich = (text: string, options: PDFKit.Mixins.TextOptions = {}, size = 10.5) => {
    const parts = text.split(/(\*\*[^*]+\*\*)/).filter(Boolean);
    doc.fontSize(size);
    parts.forEach((part, index) => {
      const strong = part.startsWith('**') && part.endsWith('**');
      doc.font(strong ? bold : regular).text(reveal(strong ? part.slice(2, -2) : part.replace(/\*/g, '')), {
        ...options,
        continued: index < parts.length - 1,
      });
    });
  };

  /**
   * Column widths as a browser's automatic table layout gives them: each column its text's width
   * when everything fits; otherwise each keeps at least its longest word and the rest of the line
   * is shared by how much more each column's text needs. Equal widths when not even the words fit.
   */
  const columnWidths = (rows: string[][], columns: number): number[] => {
    const padding = 6;
    const natural = new Array<number>(columns).fill(padding);
    const least = new Array<number>(columns).fill(padding);
    rows.forEach((row, rowIndex) => {
      doc.font(rowIndex === 0 ? bold : regular).fontSize(8);
      row.forEach((cell, index) => {
        natural[index] = Math.max(natural[index] ?? 0, doc.widthOfString(cell) + padding);
        for (const word of cell.split(/\s+/)) {
          least[index] = Math.max(least[index] ?? 0, doc.widthOfString(word) + padding);
        }
      });
    });
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    if (sum(natural) <= width) return natural.map((value) => value + ((width - sum(natural)) * value) / sum(natural));
    if (sum(least) > width) return natural.map(() => width / columns);
    const wanted = sum(natural) - sum(least);
    return least.map((value, index) => value + ((width - sum(least)) * ((natural[index] ?? 0) - value)) / wanted);
  };

  const table = (rows: string[][], aligns: TAlign[]) => {
    const columns = Math.max(...rows.map((row) => row.length));
    const cells = rows.map((row) => row.map((cell) => reveal(cell.replace(/\*\*/g, ''))));
    const widths = columnWidths(cells, columns);
    const left = (index: number) => 56 + widths.slice(0, index).reduce((total, value) => total + value, 0);
    doc.fontSize(8);
    cells.forEach((row, rowIndex) => {
      doc.font(rowIndex === 0 ? bold : regular);
      const height =
        Math.max(...row.map((cell, index) => doc.heightOfString(cell, { width: (widths[index] ?? 0) - 6 }))) + 6;
      if (doc.y + height > doc.page.height - 64) doc.addPage();
      const top = doc.y;
      row.forEach((cell, index) => {
        doc.text(cell, left(index) + 3, top + 3, { width: (widths[index] ?? 0) - 6, align: aligns[index] ?? 'left' });
      });
      doc
        .moveTo(56, top + height)
        .lineTo(56 + width, top + height)
        .strokeColor('#c9ced6')
        .stroke();
      doc.y = top + height;
    });
    doc.x = 56;
    doc.moveDown(0.8);
  };

  const lines = hide(markdown.replace(/\r\n/g, '\n')).split('\n');
  let paragraph: string[] = [];
  let tableRows: string[][] = [];
  let tableAligns: TAlign[] = [];
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    rich(paragraph.join(' '), { align: 'left' });
    doc.moveDown(0.6);
    paragraph = [];
  };
  const flushTable = () => {
    if (tableRows.length === 0) return;
    table(tableRows, tableAligns);
    tableRows = [];
    tableAligns = [];
  };

  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith('|')) {
      flushParagraph();
      if (/^\|[\s:|-]+\|$/.test(trimmed)) {
        // The header separator row: `---:` aligns its column right, `:---:` centres it.
        tableAligns = trimmed
          .slice(1, -1)
          .split('|')
          .map((cell) => {
            const spec = cell.trim();
            return spec.endsWith(':') ? (spec.startsWith(':') ? 'center' : 'right') : 'left';
          });
        continue;
      }
      tableRows.push(
        trimmed
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim()),
      );
      continue;
    }
    flushTable();
    const heading = /^(#{1,4})\s+(.*)$/.exec(trimmed);
    const bullet = /^[-*]\s+(.*)$/.exec(trimmed);
    const numbered = /^(\d+\.|\(\d+\))\s+(.*)$/.exec(trimmed);
    if (heading) {
      flushParagraph();
      const level = heading[1]?.length ?? 1;
      const size = [0, 18, 13.5, 11.5, 10.5][level] ?? 10.5;
      if (level <= 2) doc.moveDown(0.4);
      doc
        .font(bold)
        .fontSize(size)
        .text(reveal((heading[2] ?? '').replace(/\*\*/g, '')));
      doc.moveDown(0.4);
    } else if (bullet) {
      flushParagraph();
      rich(`•  ${bullet[1] ?? ''}`, { indent: 10 });
      doc.moveDown(0.25);
    } else if (numbered) {
      flushParagraph();
      rich(`${numbered[1]} ${numbered[2] ?? ''}`, { indent: 10 });
      doc.moveDown(0.25);
    } else if (trimmed === '' || trimmed === '---') {
      flushParagraph();
    } else {
      paragraph.push(trimmed.replace(/^>\s*/, ''));
    }
  }
  flushParagraph();
  flushTable();

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    // The footer sits in the bottom margin; with the margin in force pdfkit would move it onto a
    // new page of its own (the AVV PDF had an empty page with a footer per page before this).
    doc.page.margins.bottom = 0;
    doc
      .font(regular)
      .fontSize(8)
      .fillColor('#4a4a4a')
      .text(`${meta.footer} · ${index + 1} / ${range.count}`, 56, doc.page.height - 44, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
