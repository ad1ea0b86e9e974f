import type { TRPCRouterRecord } from '@trpc/server';
import { assignProcedure } from './assign.ts';
import { assignToAllProcedure } from './assign-to-all.ts';
import { getCourseOverviewProcedure } from './get-course-overview.ts';
import { getCoursesProcedure } from './get-courses.ts';
import { getTrainingProcedure } from './get-training.ts';
import { getTrainingsProcedure } from './get-trainings.ts';
import { revokeProcedure } from './revoke.ts';
import { revokeForAllProcedure } from './revoke-for-all.ts';
import { setDueDateProcedure } from './set-due-date.ts';

/** Calls under /api/trainings: course content for learners, assignment for employers and managers. */
export const trainingsRouter = {
  get: getTrainingProcedure,
  list: getTrainingsProcedure,
  courses: getCoursesProcedure,
  overview: getCourseOverviewProcedure,
  assign: assignProcedure,
  revoke: revokeProcedure,
  assignToAll: assignToAllProcedure,
  revokeForAll: revokeForAllProcedure,
  setDueDate: setDueDateProcedure,
} satisfies TRPCRouterRecord;
