import QRCode from 'qrcode';

/**
 * The QR code as one SVG path in a `size`×`size` box at (x, y), dark modules only. Drawn as
 * vector shapes so it stays sharp in print and needs no image support from svg-to-pdfkit.
 */
export function qrCodeSvg(text: string, box: { x: number; y: number; size: number }): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const scale = box.size / (count + quiet * 2);
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (qr.modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return (
    `<g transform="translate(${box.x} ${box.y}) scale(${scale.toFixed(5)})">` +
    `<rect x="0" y="0" width="${count + quiet * 2}" height="${count + quiet * 2}" fill="#ffffff"/>` +
    `<path d="${path}" fill="#10263b"/></g>`
  );
}
