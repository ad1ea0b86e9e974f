import { ZPhishingSignKind } from '@portal/content';
import { previewPhishingTemplate } from '@portal/core';
import { companies, eq } from '@portal/db';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { phishingCompany, phishingProcedure, ZCompanyChoice } from './phishing-scope.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/phishing/templates/{template}/preview',
    tags: ['Phishing'],
    summary: 'Policyholders and admins: a template as a recipient of the company would get it, in German or English',
  },
};

const ZMailPart = z.object({
  id: z.string(),
  role: z.enum(['paragraph', 'link', 'button', 'attachment', 'qr-code', 'signature']),
  text: z.string(),
  shownTarget: z.string().optional(),
  sign: ZPhishingSignKind.optional(),
});

export const ZPhishingMailText = z.object({
  title: z.string(),
  summary: z.string(),
  from: z.object({ name: z.string(), localPart: z.string(), sign: ZPhishingSignKind.optional() }),
  subject: z.object({ text: z.string(), sign: ZPhishingSignKind.optional() }),
  parts: z.array(ZMailPart),
  signs: z.array(z.object({ id: ZPhishingSignKind, label: z.string(), explanation: z.string() })),
  lesson: z.string(),
  signIn: z
    .object({
      title: z.string(),
      intro: z.string().optional(),
      fields: z.array(z.object({ label: z.string(), kind: z.enum(['email', 'password', 'text']) })),
      button: z.string(),
    })
    .optional(),
});

export const previewPhishingTemplateProcedure = phishingProcedure
  .meta(meta)
  .input(ZCompanyChoice.extend({ template: z.string().min(1).max(80), lang: z.enum(['de', 'en']) }))
  .output(
    z.object({
      slug: z.string(),
      lang: z.enum(['de', 'en']),
      senderAddress: z.string(),
      text: ZPhishingMailText,
      landing: z.enum(['teaching', 'sign-in']),
      course: z.string(),
    }),
  )
  .query(async ({ ctx, input }) => {
    const companyId = await phishingCompany(ctx, input.companyId);
    const [company] = await ctx.db
      .select({ name: companies.companyName })
      .from(companies)
      .where(eq(companies.id, companyId));
    return previewPhishingTemplate(
      input.template,
      input.lang,
      { firstName: ctx.user.firstname, company: company?.name ?? '' },
      ctx.config.phishing.mailDomain,
    );
  });
