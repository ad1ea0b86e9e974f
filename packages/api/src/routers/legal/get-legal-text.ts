import { LEGAL_DOCUMENTS, legalText } from '@portal/content';
import { ZLanguage } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { publicProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/legal/{document}',
    tags: ['Legal'],
    summary: 'A legal text as Markdown: the AVV 5.40, the imprint or the data protection notes',
  },
};

export const getLegalTextProcedure = publicProcedure
  .meta(meta)
  .input(z.object({ document: z.enum(LEGAL_DOCUMENTS), lang: ZLanguage.optional() }))
  .output(z.object({ document: z.enum(LEGAL_DOCUMENTS), lang: ZLanguage, markdown: z.string() }))
  .query(({ ctx, input }) => {
    const lang = input.lang ?? ctx.locale;
    return { document: input.document, lang, markdown: legalText(input.document, lang) };
  });
