import type { TRPCRouterRecord } from '@trpc/server';
import { getCompanyStatusProcedure } from './get-company-status.ts';
import { getPersonalStatusProcedure } from './get-personal-status.ts';
import { issueCompanyProcedure } from './issue-company.ts';
import { issuePersonalProcedure } from './issue-personal.ts';
import { verifyCertificateProcedure } from './verify-certificate.ts';

/**
 * Personal certificate, proof of insurance and the public check (DECISIONS.md "Certificates").
 * The files themselves are plain Hono routes: `GET /api/certificates/pdf/{code}` and
 * `/preview/{code}` (apps/server/src/http/certificate-files.ts).
 */
export const certificatesRouter = {
  personalStatus: getPersonalStatusProcedure,
  issuePersonal: issuePersonalProcedure,
  companyStatus: getCompanyStatusProcedure,
  issueCompany: issueCompanyProcedure,
  verify: verifyCertificateProcedure,
} satisfies TRPCRouterRecord;
