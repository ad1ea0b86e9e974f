import { createHash, timingSafeEqual } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** 256 bits from the CSPRNG, base32 so it survives URLs and mail clients untouched. */
export function generateSecret(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase32LowerCaseNoPadding(buffer);
}

/** SHA-256 in hex. node:crypto's native hash: it runs on every authenticated request. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function constantTimeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
