import { z } from 'zod';

export const ZTotpEnrolmentResponse = z.object({
  secret: z.string().describe('Base32 key for typing into the app'),
  otpauthUri: z.string(),
  qrCode: z.string().describe('SVG QR code of otpauthUri as a data: URL'),
});
export const ZTotpCode = z.string().trim().min(6).max(8);
