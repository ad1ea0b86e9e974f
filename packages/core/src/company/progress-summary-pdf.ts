import { createTranslator, type TLocale } from '@portal/i18n';
import { formatDate } from '@portal/validators';
import PDFDocument from 'pdfkit';

export interface TProgressSummary {
  companyName: string;
  insuranceNumber: string;
  issuedAt: Date;
  learners: number;
  completedAllAssigned: number;
  courses: { title: string; assigned: number; completed: number }[];
}

/**
 * The company's training record at the moment of an e-learning reset, mailed to the policyholder
 * before the results are set to zero (spec §4). A plain A4 PDF until the certificate renderer
 * of the certificates issue replaces it.
 */
export function progressSummaryPdf(summary: TProgressSummary, lang: TLocale): Promise<Buffer> {
  const t = createTranslator(lang);
  const doc = new PDFDocument({ size: 'A4', margin: 56 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.info.Title = t('reset.pdf_title');
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#0b4f8a').text(t('reset.pdf_title'));
  doc.moveDown(0.5).font('Helvetica').fontSize(11).fillColor('#1a1a1a');
  doc.text(`${t('reset.pdf_company')}: ${summary.companyName}`);
  if (summary.insuranceNumber) doc.text(`${t('reset.pdf_insurance_number')}: ${summary.insuranceNumber}`);
  doc.text(`${t('reset.pdf_date')}: ${formatDate(summary.issuedAt)}`);
  doc.text(t('reset.pdf_totals', { completed: summary.completedAllAssigned, learners: summary.learners }));
  doc.moveDown();
  doc.font('Helvetica-Bold').text(t('reset.pdf_courses'));
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
  for (const course of summary.courses) {
    doc.text(
      `${course.title}: ${t('reset.pdf_course_line', { completed: course.completed, assigned: course.assigned })}`,
    );
  }
  doc.moveDown().fontSize(9).fillColor('#4a4a4a').text(t('reset.pdf_note'));
  doc.end();
  return done;
}
