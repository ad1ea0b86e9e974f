import { listMailDomains } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { mailDomainJson, ZMailDomainView } from './mail-domain.types.ts';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/mail-domains',
    tags: ['Phishing'],
    summary:
      'Policyholders and admins: the company’s mail domains, proven or waiting, each with the TXT record that proves it; simulations reach only people on proven domains',
  },
};

export const listMailDomainsProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice)
  .output(z.array(ZMailDomainView))
  .query(async ({ ctx, input }) =>
    (await listMailDomains(ctx.db, await phishingCompany(ctx, input.companyId))).map(mailDomainJson),
  );
