export * from './company-teams.ts';
export * from './employee-csv.ts';
export * from './invite-employee.ts';
export * from './list-staff.ts';
export * from './manage-employee.ts';
export * from './resend-invitation.ts';
export * from './staff-access.ts';
export * from './upload-request.ts';
