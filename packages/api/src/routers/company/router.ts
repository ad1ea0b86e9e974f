import type { TRPCRouterRecord } from '@trpc/server';
import { deleteCompanyEmployeeProcedure } from './delete-company-employee.ts';
import { exportCompanyProcedure } from './export-company.ts';
import { getCompanyProcedure } from './get-company.ts';
import { getCompanyEmployeesProcedure } from './get-company-employees.ts';
import { getCompanyOwnerProcedure } from './get-company-owner.ts';
import { updateCompanyProcedure } from './update-company.ts';
import { updateCompanyEmployeeProcedure } from './update-company-employee.ts';

/** Calls under /api/company (company-scoped; a foreign company id answers 404). */
export const companyRouter = {
  employees: getCompanyEmployeesProcedure,
  export: exportCompanyProcedure,
  owner: getCompanyOwnerProcedure,
  get: getCompanyProcedure,
  update: updateCompanyProcedure,
  updateEmployee: updateCompanyEmployeeProcedure,
  deleteEmployee: deleteCompanyEmployeeProcedure,
} satisfies TRPCRouterRecord;
