import type { TMailDomainView } from '@portal/core';
import { z } from 'zod';

/** A company's mail domain (issue 37) with the DNS record that proves it. */
export const ZMailDomainView = z.object({
  id: z.string(),
  domain: z.string().describe('Lower case, internationalised names in punycode'),
  verifiedAt: z
    .string()
    .nullable()
    .describe('When the TXT record was found; null while the domain waits for its proof'),
  lastCheckedAt: z.string().nullable(),
  createdAt: z.string(),
  record: z
    .object({
      type: z.literal('TXT'),
      name: z.string().describe('`_portal-verification.<domain>`'),
      value: z.string().describe('`portal-verification=<random>`: the exact text of the record'),
    })
    .describe('The DNS record to publish'),
});

export const mailDomainJson = (view: TMailDomainView): z.infer<typeof ZMailDomainView> => ({
  ...view,
  verifiedAt: view.verifiedAt?.toISOString() ?? null,
  lastCheckedAt: view.lastCheckedAt?.toISOString() ?? null,
  createdAt: view.createdAt.toISOString(),
});
