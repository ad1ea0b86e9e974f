import { STAFF_SORTS } from '@portal/core';
import { z } from 'zod';

export const ZStaffId = z.string().min(1).max(64);

/** Admin's customer list: the policyholder's company and AVV state travel with the row. */
export const ZPolicyholderExtras = z.object({
  company: z.object({
    id: z.string(),
    companyName: z.string(),
    insuranceNumber: z.string(),
    postCode: z.string(),
    city: z.string(),
  }),
  avvAccepted: z.boolean(),
  avvAcceptedAt: z.string().nullable(),
  /** People of the company, policyholder included. */
  people: z.number().int(),
});

export const ZStaffRow = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  /** The person's team or department, '' for none. */
  team: z.string(),
  role: z.enum(['employer', 'manager', 'employee']),
  status: z.enum(['invited', 'active']),
  locked: z.boolean(),
  assignedCourses: z.number().int(),
  completedCourses: z.number().int(),
  progressPercent: z.number().int(),
  createdAt: z.string(),
  /** A current or planned absence, calendar days (ADR 033); absent in an admin's list of policyholders. */
  absence: z.object({ startsOn: z.string(), endsOn: z.string() }).nullable().optional(),
  /** Only in an admin's list of policyholders. */
  policyholder: ZPolicyholderExtras.optional(),
});

export const ZStaffListRequestSchema = z.object({
  /** Admins: `employer` (the default) lists policyholders with their company (spec §7). */
  role: z.enum(['employer']).optional(),
  search: z.string().max(200).optional(),
  /** Only the people of this team (exact, as GET /phishing/teams lists it). */
  team: z.string().max(200).optional(),
  sort: z.enum(STAFF_SORTS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  /** Up to 100 for a company's people; admins load policyholders 1000 at a time (spec §9). */
  pageSize: z.coerce.number().int().min(1).max(1000).optional(),
});

export const ZStaffListResponseSchema = z.object({
  items: z.array(ZStaffRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
