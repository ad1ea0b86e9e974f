import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { absencesRouter } from './routers/absences/router.ts';
import { adminRouter } from './routers/admin/router.ts';
import { apiKeysRouter } from './routers/api-keys/router.ts';
import { appuserRouter } from './routers/appuser/router.ts';
import { authRouter } from './routers/auth/router.ts';
import { certificatesRouter } from './routers/certificates/router.ts';
import { companyRouter } from './routers/company/router.ts';
import { employeeRouter } from './routers/employee/router.ts';
import { insurerRouter } from './routers/insurer/router.ts';
import { insurerAccountsRouter } from './routers/insurer-accounts/router.ts';
import { legalRouter } from './routers/legal/router.ts';
import { pdfRouter } from './routers/pdf/router.ts';
import { phishingRouter } from './routers/phishing/router.ts';
import { progressRouter } from './routers/progress/router.ts';
import { remindersRouter } from './routers/reminders/router.ts';
import { statisticsRouter } from './routers/statistics/router.ts';
import { trainingsRouter } from './routers/trainings/router.ts';
import { twoFactorRouter } from './routers/two-factor/router.ts';
import { uploadsRouter } from './routers/uploads/router.ts';
import { webhooksRouter } from './routers/webhooks/router.ts';
import { createCallerFactory, createTRPCRouter } from './trpc.ts';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  employee: employeeRouter,
  appuser: appuserRouter,
  twoFactor: twoFactorRouter,
  trainings: trainingsRouter,
  progress: progressRouter,
  company: companyRouter,
  legal: legalRouter,
  statistics: statisticsRouter,
  pdf: pdfRouter,
  certificates: certificatesRouter,
  uploads: uploadsRouter,
  admin: adminRouter,
  phishing: phishingRouter,
  reminders: remindersRouter,
  absences: absencesRouter,
  insurerAccounts: insurerAccountsRouter,
  insurer: insurerRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
