import { inflateSync } from 'node:zlib';

/**
 * WOFF 1.0 (W3C, 2012) to the plain TrueType/OpenType file it wraps: each table is stored
 * zlib-compressed, and the header maps to the sfnt header one to one.
 *
 * Why: fontkit (inside pdfkit) inflates a WOFF table with a pure-JS inflater every time it reads
 * it, and subsetting reads `glyf` once per glyph: 450 ms per certificate. Unwrapping once at start
 * (with node's zlib) brings that to a few milliseconds. The WOFF2 files would avoid this too, but
 * fontkit 2.0.4 crashes subsetting their composite glyphs, and IBM's npm packages ship no TTF.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });

  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength);
  const out = Buffer.alloc(total);
  // sfnt header: searchRange etc. follow the OpenType formula for binary search over the directory.
  const power = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const entry = 12 + index * 16;
    out.writeUInt32BE(table.tag, entry);
    out.writeUInt32BE(table.checksum, entry + 4);
    out.writeUInt32BE(offset, entry + 8);
    out.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}
