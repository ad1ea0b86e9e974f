import { createHash } from 'node:crypto';

const MODULUS = 2n ** 256n;

/**
 * A checksum of a table's rows as the portal reads them (after drizzle's mapping, so a timestamp
 * is compared as the same instant on both databases), independent of their order: each row's
 * SHA-256, added up modulo 2^256. Adding (unlike XOR) keeps two equal rows from cancelling out.
 * Both databases return rows in their own order, and sorting a million rows to compare them
 * would cost memory the sum does not.
 */
export class TableChecksum {
  rows = 0;
  private sum = 0n;

  add(row: Record<string, unknown>): void {
    const canonical = JSON.stringify(
      Object.keys(row)
        .sort()
        .map((key) => {
          const value = row[key];
          return [key, value instanceof Date ? value.getTime() : value];
        }),
    );
    this.sum = (this.sum + BigInt(`0x${createHash('sha256').update(canonical).digest('hex')}`)) % MODULUS;
    this.rows += 1;
  }

  get digest(): string {
    return this.sum.toString(16).padStart(64, '0');
  }
}
