export * from './content.ts';
export { renderCertificatePdf } from './render-pdf.ts';
export { renderCertificatePng } from './render-png.ts';
export { certificateSvg } from './render-svg.ts';
