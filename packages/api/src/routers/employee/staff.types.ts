import { STAFF_SORTS } from '@portal/core';
import { z } from 'zod';

export const ZStaffId = z.string().min(1).max(64);

export const ZStaffRow = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(['employer', 'manager', 'employee']),
  status: z.enum(['invited', 'active']),
  locked: z.boolean(),
  assignedCourses: z.number().int(),
  completedCourses: z.number().int(),
  progressPercent: z.number().int(),
  createdAt: z.string(),
});

export const ZStaffListRequestSchema = z.object({
  search: z.string().max(200).optional(),
  sort: z.enum(STAFF_SORTS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export const ZStaffListResponseSchema = z.object({
  items: z.array(ZStaffRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
