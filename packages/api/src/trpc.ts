/**
 * tRPC setup, in three sections: initialisation with the error shape, the error translation
 * middleware, and the base procedures every router builds on.
 */

import { DomainError } from '@portal/core';
import { isDatabaseUnavailable } from '@portal/db';
import { createTranslator, isMessageKey, type TMessageKey, type TTranslate } from '@portal/i18n';
import type { TRole } from '@portal/validators';
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import type { TContext } from './context.ts';

// ── 1. Initialisation ────────────────────────────────────────────────────────────────────────

/** The error codes clients see. AUTHORIZATION_REQUIRED is the spec's "no or expired session". */
export type TErrorCode = TRPCError['code'] | 'AUTHORIZATION_REQUIRED';

export interface TIssue {
  path: string;
  message: string;
  messageKey: string;
}

const translateIssues = (error: ZodError, t: TTranslate): TIssue[] =>
  error.issues.map((issue) => {
    const key: TMessageKey = isMessageKey(issue.message) ? issue.message : 'validation.invalid_input';
    return { path: issue.path.join('.'), messageKey: key, message: t(key) };
  });

/**
 * Procedure meta: the OpenAPI description, plus `adminOnly` set by `adminProcedure` (and
 * `insurerOnly` by `insurerProcedure`) so tests can find every such procedure without a hand-kept list, and `public` set by `publicProcedure` so
 * the OpenAPI document declares that such a call needs no sign-in (openapi.ts).
 */
export type TProcedureMeta = OpenApiMeta & {
  adminOnly?: boolean;
  insurerOnly?: boolean;
  public?: boolean;
  /** Set by `insurerReadProcedure`: the call takes an insurer API key too (ADR 035). */
  apiKey?: boolean;
};

const fallbackTranslate = createTranslator('de');

/** A parameter that is itself a message key (a state's name, say) is translated too. */
const translatedParams = (params: Record<string, string | number> | undefined, translate: TTranslate) =>
  params &&
  Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && isMessageKey(value) ? translate(value) : value,
    ]),
  );

const t = initTRPC
  .context<TContext>()
  .meta<TProcedureMeta>()
  .create({
    // No stack traces, ever: the shape carries a translated message, its key and field issues.
    errorFormatter({ shape, error, ctx }) {
      // Without a context (it could not be made: the database was away) the answer is German,
      // the portal's default language.
      const translate = ctx?.t ?? fallbackTranslate;
      const messageKey =
        (error.cause instanceof DomainError ? error.cause.messageKey : undefined) ??
        (error.cause instanceof ZodError ? 'validation.invalid_input' : undefined) ??
        (isMessageKey(error.message) ? error.message : undefined);
      const issues = error.cause instanceof ZodError && translate ? translateIssues(error.cause, translate) : undefined;
      const errorCode: TErrorCode =
        error.code === 'UNAUTHORIZED' && messageKey === 'errors.AUTHORIZATION_REQUIRED'
          ? 'AUTHORIZATION_REQUIRED'
          : error.code;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      const message = internal
        ? (translate?.('app.something_went_wrong') ?? 'Something went wrong')
        : messageKey && translate
          ? translate(
              messageKey as TMessageKey,
              error.cause instanceof DomainError ? translatedParams(error.cause.params, translate) : undefined,
            )
          : shape.message;
      return {
        message,
        code: shape.code,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          errorCode,
          messageKey: internal ? 'app.something_went_wrong' : (messageKey ?? null),
          issues: issues ?? null,
        },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// ── 2. Domain errors become tRPC errors ──────────────────────────────────────────────────────

/** A service's DomainError (the resolver threw it) becomes the tRPC error of its kind. */
function translated<TResult extends { ok: boolean; error?: { cause?: unknown } }>(result: TResult): TResult {
  if (!result.ok && result.error?.cause instanceof DomainError) {
    const domain = result.error.cause;
    throw new TRPCError({ code: domain.kind, message: domain.messageKey, cause: domain });
  }
  // The database is away for the moment (a PostgreSQL restart): 503 with the translated message,
  // never a stack trace; the client may try again (ADR 029).
  if (!result.ok && isDatabaseUnavailable(result.error)) throw databaseUnavailable(result.error);
  return result;
}

export const databaseUnavailable = (cause: unknown) =>
  new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'errors.unavailable', cause });

/** An API key on a call that does not take one: 403 with its own message (ADR 035). */
const keyOutOfScope = () => new TRPCError({ code: 'FORBIDDEN', message: 'api_key.scope' });

const translateDomainErrors = t.middleware(async ({ ctx, next }) => {
  // A public call (sign-in, /verify) needs no key, and a key does not make it anything else.
  if (ctx.apiKeyPresented) throw keyOutOfScope();
  return translated(await next());
});

const authorizationRequired = () => new TRPCError({ code: 'UNAUTHORIZED', message: 'errors.AUTHORIZATION_REQUIRED' });
/** Wrong role and foreign ids answer like a missing thing (DECISIONS.md tenancy). */
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });

// ── 3. Base procedures ───────────────────────────────────────────────────────────────────────

/*
 * Each base procedure has exactly one middleware: its access rule, which also translates domain
 * errors. tRPC copies its options and context at every middleware level, and the four levels this
 * used to take (errors, signed in, role, company) were a tenth of a small call's CPU time.
 */
const guarded = <TAdded extends object>(rule: (ctx: TContext) => TAdded) =>
  t.middleware(async ({ ctx, type, next }) => {
    // Every change is a mutation, whatever its REST method (the matrix test proves it): one sent
    // as a GET by cookie needs proof of our own origin (context.ts, issue 21.4).
    if (type === 'mutation' && ctx.changeByGetUnproven)
      throw new TRPCError({ code: 'FORBIDDEN', message: 'errors.CSRF' });
    // The rule's findings go onto this request's context object itself: `next({ ctx })` would
    // copy every field of the context once more (tRPC's object spread is a few percent of a call).
    Object.assign(ctx, rule(ctx));
    return translated(await (next as unknown as () => ReturnType<typeof next<TAdded>>)());
  });

type TSignedIn = { user: NonNullable<TContext['user']>; session: NonNullable<TContext['session']> };

/** A signed-in caller (and a cookie-authenticated write that passes the CSRF rule). */
function signedIn(ctx: TContext): TSignedIn {
  if (ctx.apiKeyPresented) throw keyOutOfScope();
  if (ctx.csrfRejected) throw new TRPCError({ code: 'FORBIDDEN', message: 'errors.CSRF' });
  if (!ctx.user || !ctx.session) throw authorizationRequired();
  return { user: ctx.user, session: ctx.session };
}

function inRole(ctx: TContext, roles: readonly TRole[]): TSignedIn {
  const caller = signedIn(ctx);
  if (!roles.includes(caller.user.role)) throw notFound();
  return caller;
}

export const publicProcedure = t.procedure.use(translateDomainErrors).meta({ public: true });

/** A signed-in caller: `ctx.user` and `ctx.session` are non-null. */
export const authedProcedure = t.procedure.use(guarded(signedIn));

export const roleProcedure = (...roles: TRole[]) => t.procedure.use(guarded((ctx) => inRole(ctx, roles)));

/** The provider's back office. Marked in meta; the admin access test calls every such procedure. */
export const adminProcedure = roleProcedure('admin').meta({ adminOnly: true });
export const employerProcedure = roleProcedure('employer');
/**
 * The insurer's read-only view (ADR 035): every company's figures, never a person's. Marked in
 * meta; the REST matrix checks that its answers name no learner and that it writes nothing.
 */
export const insurerProcedure = roleProcedure('insurer').meta({ insurerOnly: true });

/** Who reads the insurer's calls: a signed-in insurer, or the insurer's system with its key. */
export type TInsurerReader = { kind: 'person'; userId: string } | { kind: 'key'; keyId: string };

/**
 * The insurer's read calls that its systems may make with an API key as well as its people with
 * a session (ADR 035): the portfolio list and the single policy. The key was resolved, limited and
 * audited by the /api layer; a key sent to /trpc is not resolved and answers `api_key.scope`.
 */
export const insurerReadProcedure = t.procedure
  .use(
    guarded((ctx): { reader: TInsurerReader } => {
      if (ctx.apiKey) return { reader: { kind: 'key', keyId: ctx.apiKey.id } };
      if (ctx.apiKeyPresented) throw keyOutOfScope();
      return { reader: { kind: 'person', userId: inRole(ctx, ['insurer']).user.id } };
    }),
  )
  .meta({ insurerOnly: true, apiKey: true });

/**
 * Spec §4: until the policyholder has accepted the AVV, the company's actions are blocked, for
 * the policyholder as for the staff. The web app shows the overlay; the server refuses the calls.
 */
const actionsBlocked = () => new TRPCError({ code: 'FORBIDDEN', message: 'errors.actions_blocked' });

/** The caller's own company, refused while its AVV is not accepted (read with the session). */
function ownCompanyId(ctx: TContext): string {
  const companyId = ctx.user?.companyId;
  if (!companyId) throw notFound();
  if (!ctx.companyAvvAccepted) throw actionsBlocked();
  return companyId;
}

/** Employer or manager of a company; `ctx.companyId` is the only company they may touch. */
export const companyProcedure = t.procedure.use(
  guarded((ctx) => ({ ...inRole(ctx, ['employer', 'manager']), companyId: ownCompanyId(ctx) })),
);

/** The policyholder of a company (not its managers), with the company rule above. */
export const companyEmployerProcedure = t.procedure.use(
  guarded((ctx) => ({ ...inRole(ctx, ['employer']), companyId: ownCompanyId(ctx) })),
);

/**
 * Issue 37: what reaches people beyond the company's own accounts (invitations, uploads, a
 * contact to forward to, simulations) needs a confirmed registration, not only an accepted AVV.
 */
const emailUnconfirmed = () => new TRPCError({ code: 'FORBIDDEN', message: 'errors.email_unconfirmed' });

function confirmedCompanyId(ctx: TContext): string {
  const companyId = ownCompanyId(ctx);
  if (!ctx.companyConfirmed) throw emailUnconfirmed();
  return companyId;
}

/** `companyProcedure` for calls that reach outside the company: its registration is confirmed. */
export const confirmedCompanyProcedure = t.procedure.use(
  guarded((ctx) => ({ ...inRole(ctx, ['employer', 'manager']), companyId: confirmedCompanyId(ctx) })),
);

/** `companyEmployerProcedure` for calls that reach outside the company (see above). */
export const confirmedCompanyEmployerProcedure = t.procedure.use(
  guarded((ctx) => ({ ...inRole(ctx, ['employer']), companyId: confirmedCompanyId(ctx) })),
);

/** Any customer role (not admin), with their company in `ctx.companyId`. */
export const customerProcedure = t.procedure.use(
  guarded((ctx) => ({ ...inRole(ctx, ['employer', 'manager', 'employee']), companyId: ownCompanyId(ctx) })),
);

/**
 * For calls both admins and company roles make (spec §7 GET /employee, the company reset): admins
 * pass with `ctx.companyId` null; everyone else gets the company rule above.
 */
export const companyOrAdminProcedure = (...roles: ('employer' | 'manager')[]) =>
  t.procedure.use(
    guarded((ctx) => {
      const caller = inRole(ctx, [...roles, 'admin']);
      return { ...caller, companyId: caller.user.role === 'admin' ? null : ownCompanyId(ctx) };
    }),
  );

/** `companyOrAdminProcedure` for calls that reach outside the company: its registration is confirmed. */
export const confirmedCompanyOrAdminProcedure = (...roles: ('employer' | 'manager')[]) =>
  t.procedure.use(
    guarded((ctx) => {
      const caller = inRole(ctx, [...roles, 'admin']);
      return { ...caller, companyId: caller.user.role === 'admin' ? null : confirmedCompanyId(ctx) };
    }),
  );
