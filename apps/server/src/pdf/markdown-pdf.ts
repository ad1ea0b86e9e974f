import PDFDocument from 'pdfkit';

/**
 * Renders the legal Markdown we write ourselves (headings, paragraphs, lists, tables, **bold**)
 * into an A4 PDF with pdfkit's built-in Helvetica (WinAnsi covers umlauts, ß, „“ and –).
 * Not a general Markdown engine: content/legal is the only input.
 */
export function markdownToPdf(markdown: string, meta: { title: string; footer: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margins: { top: 56, bottom: 64, left: 56, right: 56 }, bufferPages: true });
  doc.info.Title = meta.title;
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 112;

  /** Text with **bold** runs. */
  const rich = (text: string, options: PDFKit.Mixins.TextOptions = {}, size = 10.5) => {
    const parts = text.split(/(\*\*[^*]+\*\*)/).filter(Boolean);
    doc.fontSize(size);
    parts.forEach((part, index) => {
      const bold = part.startsWith('**') && part.endsWith('**');
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(bold ? part.slice(2, -2) : part.replace(/\*/g, ''), {
        ...options,
        continued: index < parts.length - 1,
      });
    });
  };

  const table = (rows: string[][]) => {
    const columns = Math.max(...rows.map((row) => row.length));
    const columnWidth = width / columns;
    doc.fontSize(8);
    rows.forEach((row, rowIndex) => {
      doc.font(rowIndex === 0 ? 'Helvetica-Bold' : 'Helvetica');
      const height =
        Math.max(...row.map((cell) => doc.heightOfString(cell.replace(/\*\*/g, ''), { width: columnWidth - 6 }))) + 6;
      if (doc.y + height > doc.page.height - 64) doc.addPage();
      const top = doc.y;
      row.forEach((cell, index) => {
        doc.text(cell.replace(/\*\*/g, ''), 56 + index * columnWidth + 3, top + 3, { width: columnWidth - 6 });
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

  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let paragraph: string[] = [];
  let tableRows: string[][] = [];
  const flushParagraph = () => {
    if (paragraph.length === 0) return;
    rich(paragraph.join(' '), { align: 'left' });
    doc.moveDown(0.6);
    paragraph = [];
  };
  const flushTable = () => {
    if (tableRows.length === 0) return;
    table(tableRows);
    tableRows = [];
  };

  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith('|')) {
      flushParagraph();
      if (/^\|[\s:|-]+\|$/.test(trimmed)) continue; // the header separator row
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
        .font('Helvetica-Bold')
        .fontSize(size)
        .text((heading[2] ?? '').replace(/\*\*/g, ''));
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
    doc
      .font('Helvetica')
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
