export * from './content.ts';
export { pdfFonts } from './fonts.ts';
export { renderCertificatePdf } from './render-pdf.ts';
export { renderCertificatePng } from './render-png.ts';
export { certificateSvg } from './render-svg.ts';
export { renderTakeawayPdf } from './render-takeaway.ts';
export type { TTakeawaySheet } from './templates/takeaway.ts';
