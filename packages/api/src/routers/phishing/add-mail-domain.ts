import { addMailDomain, systemClock } from '@portal/core';
import { ZMailDomain } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { requestMeta } from '../auth/session-response.ts';
import { mailDomainJson, ZMailDomainView } from './mail-domain.types.ts';
import { phishingCompany, phishingWriteProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'POST',
    path: '/phishing/mail-domains',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: add a mail domain of the company, waiting for its proof (400 for public mail services and IP literals, 409 when it is there already)',
  },
};

export const addMailDomainProcedure = phishingWriteProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ domain: ZMailDomain.describe('e.g. `firma.de`; `müller.de` is stored as punycode') }))
  .output(ZMailDomainView)
  .mutation(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    const actor = { user: ctx.user, meta: requestMeta(ctx) };
    return mailDomainJson(await addMailDomain(ctx.db, actor, companyId, input.domain, systemClock.now()));
  });
