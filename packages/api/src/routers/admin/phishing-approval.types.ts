import { z } from 'zod';

/** A company's approval for phishing simulations (issue 37), as the admins see it. */
export const ZPhishingApproval = z.object({
  companyId: z.string(),
  rule: z
    .enum(['none', 'without-policy-number', 'all'])
    .describe('The operator’s setting PHISHING_APPROVAL: who needs the approval'),
  required: z.boolean().describe('Whether this company needs the approval under that setting'),
  approvedAt: z.string().nullable().describe('When an admin approved; null: not approved'),
});

export const ZPendingPhishingApprovals = z.object({
  rule: ZPhishingApproval.shape.rule,
  pending: z.array(
    z.object({
      companyId: z.string(),
      companyName: z.string(),
      ownerId: z.string().nullable().describe('The policyholder: /admin/policyholders/{ownerId}'),
      campaigns: z.number().int(),
      waitingSince: z.string().describe('When the company created its first campaign'),
    }),
  ),
});
