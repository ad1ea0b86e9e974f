/*
 * Certificates (issue 5): renders 100 certificate PDFs the way a download does (satori layout →
 * SVG → pdfkit with embedded IBM Plex subsets) and reports the time per PDF and the peak memory.
 * Target: median under 300 ms on the CI machine. The first render (font parsing, satori's
 * layout engine start-up) is reported on its own and not part of the median.
 */
import { renderCertificatePdf, renderCertificatePng, type TCertificateDocument } from '@portal/certificates';
import { companyFixture, personalFixture } from '@portal/certificates/testing';

const ROUNDS = 100;
const NAMES = [
  { firstname: 'Jürgen', lastname: 'Groß' },
  { firstname: 'Łucja', lastname: 'Wiśniewska-Öztürk' },
  { firstname: 'Maximiliane-Charlotte', lastname: 'von Hohenzollern-Sigmaringen' },
  { firstname: 'Ayşe', lastname: 'Şahin' },
];

const documentFor = (round: number): TCertificateDocument =>
  round % 4 === 3
    ? companyFixture()
    : personalFixture(6 + (round % 3), NAMES[round % NAMES.length] ?? { firstname: 'A', lastname: 'B' });

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
let peakHeap = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}, 5);

const firstStarted = performance.now();
await renderCertificatePdf(documentFor(0), 'de');
const first = performance.now() - firstStarted;

const times: number[] = [];
let bytes = 0;
for (let round = 0; round < ROUNDS; round += 1) {
  const started = performance.now();
  const pdf = await renderCertificatePdf(documentFor(round), round % 2 === 0 ? 'de' : 'en');
  times.push(performance.now() - started);
  bytes += pdf.length;
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed);
}
const pdfPeakRss = peakRss;
const previewTimes: number[] = [];
for (let round = 0; round < 20; round += 1) {
  const started = performance.now();
  await renderCertificatePng(documentFor(round), 'de');
  previewTimes.push(performance.now() - started);
}
clearInterval(sampler);

const sorted = [...times].sort((a, b) => a - b);
const previews = [...previewTimes].sort((a, b) => a - b);
const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;
console.log(`certificate PDFs: ${ROUNDS} rendered (personal and company, de and en)`);
console.log(`  first render     ${first.toFixed(0)} ms (fonts and layout engine start)`);
console.log(`  median per PDF   ${quantile(sorted, 0.5).toFixed(1)} ms  (target < 300 ms)`);
console.log(`  p95 per PDF      ${quantile(sorted, 0.95).toFixed(1)} ms`);
console.log(`  average size     ${(bytes / ROUNDS / 1024).toFixed(0)} KB`);
console.log(
  `  peak memory      ${mb(pdfPeakRss)} RSS while rendering PDFs, ${mb(baselineRss)} before the first; ${mb(peakHeap)} JS heap`,
);
console.log(
  `  preview PNG      median ${quantile(previews, 0.5).toFixed(1)} ms (1200 px wide, 20 renders), peak ${mb(peakRss)} RSS`,
);
