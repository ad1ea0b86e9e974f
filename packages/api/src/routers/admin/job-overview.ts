import { jobOverview, systemClock } from '@portal/core';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { adminProcedure } from '../../trpc.ts';

const meta: OpenApiMeta = {
  openapi: {
    method: 'GET',
    path: '/admin/jobs',
    tags: ['Admin'],
    summary: 'Admins: scheduled work: the queue, the last runs and the jobs that failed (ADR 032)',
  },
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const ZJobOverviewRequestSchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const ZJobOverviewResponseSchema = z.object({
  pending: z.number().int(),
  due: z.number().int(),
  runs: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      attempt: z.number().int(),
      owner: z.string(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      result: z.enum(['succeeded', 'failed', 'lease_expired']).nullable(),
      error: z.string().nullable(),
      output: z.string().nullable(),
    }),
  ),
  failed: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      key: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      finishedAt: z.string().nullable(),
    }),
  ),
});

export const jobOverviewProcedure = adminProcedure
  .meta(meta)
  .input(ZJobOverviewRequestSchema)
  .output(ZJobOverviewResponseSchema)
  .query(async ({ ctx, input }) => {
    const overview = await jobOverview(ctx.db, input, systemClock.now());
    return {
      ...overview,
      runs: overview.runs.map((run) => ({ ...run, startedAt: run.startedAt.toISOString(), endedAt: iso(run.endedAt) })),
      failed: overview.failed.map((job) => ({ ...job, finishedAt: iso(job.finishedAt) })),
    };
  });
