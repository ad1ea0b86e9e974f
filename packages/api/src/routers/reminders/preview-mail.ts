import { notFound, REMINDER_PREVIEWS, readReminderSettings, reminderPreview, systemClock } from '@portal/core';
import { companies, eq } from '@portal/db';
import { ZLanguage } from '@portal/validators';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { companyProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/reminders/preview',
    tags: ['Reminders'],
    summary: 'A mail of the reminder ladder with example figures, in German or English, as its recipients get it',
  },
};

export const previewReminderMailProcedure = companyProcedure
  .meta(meta)
  .input(z.object({ kind: z.enum(REMINDER_PREVIEWS), lang: ZLanguage }))
  .output(z.object({ subject: z.string(), html: z.string(), text: z.string() }))
  .query(async ({ ctx, input }) => {
    const [company] = await ctx.db
      .select({ name: companies.companyName })
      .from(companies)
      .where(eq(companies.id, ctx.companyId));
    if (!company) throw notFound();
    const settings = await readReminderSettings(ctx.db, ctx.companyId);
    return reminderPreview(
      { ...input, company: company.name, viewer: ctx.user, settings, publicUrl: ctx.config.publicUrl },
      systemClock.now(),
    );
  });
