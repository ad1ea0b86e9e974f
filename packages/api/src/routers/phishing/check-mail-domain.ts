import { checkMailDomain, createResolver, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { requestMeta } from '../auth/session-response.ts';
import { ZStaffId } from '../employee/staff.types.ts';
import { mailDomainJson, ZMailDomainView } from './mail-domain.types.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/mail-domains/{id}/check',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: look up the domain’s TXT record now (DNS_SERVERS); the exact value proves it. 429 after 10 checks of the company in 10 minutes',
  },
};

export const checkMailDomainProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ id: ZStaffId }))
  .output(
    z.object({
      domain: ZMailDomainView,
      outcome: z
        .enum(['proven', 'not_found', 'other_value', 'dns_error'])
        .describe('proven; not_found: no TXT record at the name; other_value: records without the value; dns_error'),
      message: z.string().describe('The outcome in the caller’s language'),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    const actor = { user: ctx.user, meta: requestMeta(ctx) };
    const resolver = createResolver(ctx.config.DNS_SERVERS);
    const { domain, outcome } = await checkMailDomain(ctx.db, actor, companyId, input.id, {
      resolver,
      now: systemClock.now(),
    });
    return {
      domain: mailDomainJson(domain),
      outcome,
      message: ctx.t(`mail_domains.check_${outcome}`, { name: domain.record.name }),
    };
  });
