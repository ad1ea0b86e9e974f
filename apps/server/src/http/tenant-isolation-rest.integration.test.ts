import { appRouter } from '@portal/api';
import { pdfText } from '@portal/certificates/testing';
import { createApiKey, syncCourses } from '@portal/core';
import { eq, transaction, users } from '@portal/db';
import { addDays, berlinDay } from '@portal/validators';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callerFor,
  completeCourses,
  createTestDb,
  OTHER_STRONG_PASSWORD,
  STRONG_PASSWORD,
  seedAdmin,
  seedEmployee,
  seedEmployer,
  seedInsurer,
  sessionFor,
  TEST_PUBLIC_URL,
  type TSeededUser,
  type TTestDb,
} from '../../../../packages/api/src/test/test-db.ts';
import { createApp } from '../app.ts';
import { changesOf, rollbackable } from '../test/db-snapshot.ts';
import { startDnsServer } from '../test/dns-server.ts';
import { securityHeaderProblems } from '../test/security-headers.ts';
import { PLAIN_ROUTES } from './openapi-document.ts';

/**
 * Issue 7: tenant isolation over the REST layer, generated from `/api/openapi.json` (every
 * procedure with REST meta, plus the plain Hono routes of PLAIN_ROUTES: certificate PDF and
 * preview, uploads, AVV). For every operation and every caller (anonymous; employee, manager and
 * employer of company A; an admin) the operation's references (path, query and body fields) are
 * filled with company B's ids, alone and mixed with the caller's own, and sent through the real
 * Hono app with a session cookie and the same-origin headers the CSRF rule asks for. Expected:
 * 401 without a session; otherwise 404 (or a 403 that is not the CSRF or AVV refusal), exactly
 * the answer an id that does not exist gets; never a 2xx or 5xx; nothing of B in the answer; and
 * no change in any table (all rows of all tables compared). Every answer also carries the
 * security headers of ADR 009, and every GET answer `Cache-Control: no-store` (spec §7, ASVS 8.2.1).
 *
 * Operations without references act on the caller's own company (from the session): their answer
 * may succeed, but must not name anything of B, and no row they write may belong to B.
 *
 * A positive control keeps this honest: the same operation with company A's own ids succeeds for
 * some caller of A, so the 404 above comes from the foreign id, not from a broken request.
 * Every request runs in a transaction that is rolled back, so no request changes what the next
 * one sees.
 *
 * Nothing is skipped silently. Every parameter of every operation must be classified below (a
 * reference or a plain value); only the operations in NOT_TENANT_SCOPED are left out, and the
 * admin is left out only where its reach over every company is the point (admin-only operations,
 * ADMIN_ANY_COMPANY). Stale entries in those lists fail the test.
 */

// ── Classification ─────────────────────────────────────────────────────────────────────────────

/** Operations that are not tenant-scoped on purpose. Each must exist and answer without a session. */
const NOT_TENANT_SCOPED: Record<string, string> = {
  'POST /employee/login': 'sign-in with credentials; uniform failures are tested in login.integration.test.ts',
  'POST /employee/login-totp': 'second sign-in step; takes the one-time challenge of the first step',
  'POST /appuser/login': 'admin sign-in with credentials',
  'POST /appuser/login-totp': 'second admin sign-in step; takes the one-time challenge',
  'POST /appuser/totp-enrolment': 'authenticator enrolment during admin sign-in; takes the one-time challenge',
  'POST /employee/create-employer': 'registration creates a new company and reads none',
  'POST /employee/reset': 'reset request: the same answer for every email (reset-password.integration.test.ts)',
  'POST /appuser/reset': 'admin reset request: the same answer for every email',
  'POST /employee/reset-password': 'takes a one-time reset token, no id (ADR 005)',
  'POST /appuser/reset-password': 'takes a one-time reset token, no id (ADR 005)',
  'POST /employee/first-login': 'takes a one-time invitation or first-login token, no id (ADR 005)',
  'POST /employee/confirm-email': 'takes the one-time confirmation token of a registration, no id (issue 37)',
  'POST /phishing/confirm-contact': 'takes the one-time confirmation token of an IT contact, no id (issue 37)',
  'GET /certificates/verify/{code}':
    'the public verification page (DECISIONS.md Certificates): validity, first name and initial, company name',
  'GET /legal/{document}': 'public legal texts (imprint, data protection notes, AVV)',
  'GET /pdf/avv': 'the public AVV as PDF',
};

/**
 * Operations where an admin legitimately reads or changes any company (the back office). Customer
 * roles are still checked there; the admin's calls must succeed with B's ids, or the entry is stale.
 * Admin-only operations (adminProcedure, or a plain route under /admin) need no entry.
 */
const ADMIN_ANY_COMPANY: Record<string, string> = {
  'GET /employee': 'spec §7: for admins the list of every policyholder',
  'GET /employee/{id}': 'canView(): admins see every account',
  'PATCH /employee/{id}': 'admins edit any account (summary "admins: any account")',
  'GET /employee/{id}/ownsOneCompany': 'canView(): admins see every account',
  'POST /employee/supervisor-data/{id}': 'canView(): admins see every account',
  'GET /company/{id}': 'admins read any company (policyholder details)',
  'PATCH /company/{id}': 'admins edit any company',
  'GET /company/{id}/owner': 'admins read any company',
  'GET /company/{id}/export': 'admins export any company',
  'POST /progress/reset-company-progress': 'companyOrAdminProcedure: admins reset a policyholder’s progress',
  // Phishing simulations (ADR 036): admins run them for any customer, named by companyId.
  'GET /phishing/templates/{template}/preview': 'admins preview a template for any customer',
  'GET /phishing/campaigns': 'admins read any customer’s campaigns',
  'POST /phishing/campaigns': 'admins create a campaign for any customer',
  'GET /phishing/campaigns/{id}': 'admins read any customer’s campaign',
  'PUT /phishing/campaigns/{id}': 'admins change any customer’s draft',
  'DELETE /phishing/campaigns/{id}': 'admins delete any customer’s draft',
  'POST /phishing/campaigns/{id}/start': 'admins start any customer’s campaign',
  'POST /phishing/campaigns/{id}/pause': 'admins pause any customer’s campaign',
  'POST /phishing/campaigns/{id}/resume': 'admins resume any customer’s campaign',
  'POST /phishing/campaigns/{id}/stop': 'admins stop any customer’s campaign',
  'GET /phishing/settings': 'admins read any customer’s phishing settings',
  'GET /phishing/teams': 'admins read any customer’s teams for its campaigns',
  'PATCH /phishing/settings': 'admins change any customer’s phishing settings',
  'POST /phishing/settings/stop-sending': 'admins pull any customer’s kill switch',
  'POST /phishing/settings/allow-sending': 'admins release any customer’s kill switch',
  'POST /phishing/settings/resend-contact-confirmation': 'admins send any customer’s IT contact a new link',
  'GET /phishing/campaigns/{id}/reach': 'admins read whom any customer’s campaign reaches',
  // Proven mail domains (issue 37): admins prove them with and for any customer.
  'GET /phishing/mail-domains': 'admins read any customer’s mail domains',
  'POST /phishing/mail-domains': 'admins add a mail domain for any customer',
  'POST /phishing/mail-domains/{id}/check': 'admins check any customer’s mail domain',
  'DELETE /phishing/mail-domains/{id}': 'admins remove any customer’s mail domain',
};

type TLocation = 'path' | 'query' | 'body';
type TRole = 'anonymous' | 'employee' | 'manager' | 'employer' | 'admin' | 'insurer';
/** Who sends a request: a role with a session cookie, or the insurer's system with its API key. */
type TCaller = TRole | 'apiKey';
const ROLES: TRole[] = ['anonymous', 'employee', 'manager', 'employer', 'admin'];
const CUSTOMER_ROLES = ['employee', 'manager', 'employer'] as const;

interface TCompany {
  companyId: string;
  companyName: string;
  employer: TSeededUser;
  manager: TSeededUser;
  employee: TSeededUser;
  /** Invited, no password yet (resend-invitation). */
  invited: TSeededUser;
  uploadId: string;
  /** The employee's personal certificate and the company's proof of insurance. */
  personalCode: string;
  companyCode: string;
  /** Phishing campaigns (ADR 036) in each state a call acts on: draft, running, paused. */
  campaigns: string[];
  /** Its mail domains (issue 37): one proven, one waiting for its proof. */
  mailDomains: { id: string; domain: string; value: string }[];
}

let t: TTestDb;
let app: ReturnType<typeof createApp>;
let a: TCompany;
let b: TCompany;
let admin: TSeededUser;
let insurer: TSeededUser;
let apiKeyToken: string;
let apiKeyId: string;

const callerUser = (role: TRole): TSeededUser =>
  role === 'anonymous' ? a.employee : role === 'admin' ? admin : role === 'insurer' ? insurer : a[role];

let freshCounter = 0;
const freshEmail = () => `neu.${++freshCounter}@eigen-mandant.example`;

interface TReference {
  /** Company B's values to probe with. */
  foreign: () => string[];
  /** Company A's values; the first is used to mix own and foreign references in one request. */
  own: (role: TRole) => string[];
  /** A value that exists nowhere; B's value must get exactly its answer. None for emails (see below). */
  missing?: () => string;
}

/** Parameters that point at company data. */
const REFERENCES: Record<string, TReference> = {
  'path:id': {
    foreign: () => [
      b.employer.id,
      b.manager.id,
      b.employee.id,
      b.invited.id,
      b.companyId,
      b.uploadId,
      ...b.campaigns,
      ...b.mailDomains.map((domain) => domain.id),
    ],
    own: (role) => [
      callerUser(role).id,
      a.employee.id,
      a.invited.id,
      a.companyId,
      a.uploadId,
      ...a.campaigns,
      ...a.mailDomains.map((domain) => domain.id),
    ],
    missing: () => crypto.randomUUID(),
  },
  'path:companyId': { foreign: () => [b.companyId], own: () => [a.companyId], missing: () => crypto.randomUUID() },
  'body:companyId': { foreign: () => [b.companyId], own: () => [a.companyId], missing: () => crypto.randomUUID() },
  'query:companyId': { foreign: () => [b.companyId], own: () => [a.companyId], missing: () => crypto.randomUUID() },
  'query:employeeId': {
    foreign: () => [b.invited.id, b.employee.id],
    own: () => [a.invited.id],
    missing: () => crypto.randomUUID(),
  },
  'body:ownerId': {
    foreign: () => [b.employee.id, b.manager.id],
    own: () => [a.employee.id],
    missing: () => crypto.randomUUID(),
  },
  'body:userId': {
    foreign: () => [b.employee.id, b.manager.id],
    own: () => [a.employee.id],
    missing: () => crypto.randomUUID(),
  },
  'path:code': {
    foreign: () => [b.personalCode, b.companyCode],
    own: () => [a.companyCode, a.personalCode],
    missing: () => 'AAAA-BBBB-CCCC',
  },
  // Emails are unique over the portal, so using B's address for a new person or an email change
  // answers 409 users.email_already_exists (and changes nothing); that is the only allowed 409.
  'body:email': {
    foreign: () => [b.employee.email, b.employer.email],
    own: (role) => [callerUser(role).email, freshEmail()],
  },
};

const OMIT = Symbol('omit');
const A_POLICY = 'AS-4711081500';
const B_POLICY = 'AS-4711081501';
type TValueFn = (input: Record<string, unknown>) => unknown;

/** Every other parameter: a valid value, so that the request reaches the tenancy check. */
const VALUES: Record<string, unknown> = {
  // Probes: a search for B's people or company must find nothing.
  'query:search': () => b.employee.lastname,
  // A's staff list filtered by B's team must be empty.
  'query:team': () => 'Fremd Team',
  'body:team': 'Matrix Team',
  'query:query': () => b.companyName,
  'query:role': OMIT,
  'query:sort': OMIT,
  'query:direction': OMIT,
  'query:page': OMIT,
  'query:pageSize': OMIT,
  'query:limit': OMIT,
  'query:lang': 'de',
  'path:document': 'imprint',
  'query:from': OMIT,
  'query:to': OMIT,
  'path:slug': 'malware',
  'body:trainingSlug': 'malware',
  'body:expectedRole': 'manager',
  'body:role': 'employee',
  'body:block': true,
  'body:firstname': 'Mallory',
  'body:lastname': 'Übergriff',
  'body:companyName': 'Gekapert GmbH',
  'body:salutation': OMIT,
  'body:phoneNumber': OMIT,
  'body:street': OMIT,
  'body:postCode': OMIT,
  'body:city': OMIT,
  'body:insuranceNumber': OMIT,
  'body:employeeCount': OMIT,
  'body:lang': 'de',
  'body:sawVideo': OMIT,
  'body:dataProtectionPolicyAccepted': OMIT,
  'body:orderProcessingAccepted': OMIT,
  'body:emailConfirmation': ((input) => input.email ?? OMIT) satisfies TValueFn,
  'body:isManager': false,
  'body:assignedCourseList': [],
  'body:password': OTHER_STRONG_PASSWORD,
  'body:currentPassword': STRONG_PASSWORD,
  'body:newPassword': OTHER_STRONG_PASSWORD,
  'body:code': '000000',
  'body:cc': OMIT,
  'body:slideIndex': 0,
  'body:workingSeconds': 1,
  'body:slideSeconds': {},
  'body:questionId': 'q1',
  'body:answerIds': ['a'],
  'body:file': () => employeeCsv('matrix'),
  'body:confirm': 'true',
  // Due dates and absences (ADR 033): a month ahead, valid whenever the test runs.
  'body:dueOn': () => addDays(berlinDay(new Date()), 30),
  'body:startsOn': OMIT,
  'body:endsOn': () => addDays(berlinDay(new Date()), 30),
  'body:defaultDueDays': 30,
  'body:remindBefore': OMIT,
  'body:remindDaysBefore': OMIT,
  'body:remindOverdue': OMIT,
  'body:reminderGapDays': OMIT,
  'body:managerDigest': OMIT,
  'body:completionAlert': OMIT,
  'body:completionThreshold': OMIT,
  'body:certificateExpiryAlert': OMIT,
  'body:showNames': true,
  'body:state': OMIT,
  'query:kind': 'learner_due_soon',
  // The insurer's list (its own cursor is tested in list-policies.integration.test.ts).
  'query:cursor': OMIT,
  'query:avv': OMIT,
  'query:certificate': OMIT,
  'query:completion': OMIT,
  'query:due': OMIT,
  // The single policy: company B's number, which only the insurer (and its key) may read.
  'path:policyNumber': () => B_POLICY,
  // The insurer's API keys (admins only).
  'body:name': 'Matrix-Schlüssel',
  'body:expiresOn': OMIT,
  // The insurer's webhook receivers (admins only).
  'body:url': 'https://versicherer.example/portal-events',
  // Phishing simulations (ADR 036): a campaign a week ahead, with everyone of the company.
  'path:template': 'parcel-customs-fee',
  'body:templates': ['parcel-customs-fee'],
  'body:audience': { kind: 'all' },
  'body:firstDay': () => addDays(berlinDay(new Date()), 7),
  'body:windowDays': 2,
  'body:startHour': OMIT,
  'body:endHour': OMIT,
  'body:trackOpens': OMIT,
  'body:repeat': OMIT,
  'body:namesVisible': true,
  'body:retentionMonths': 6,
  'body:reportContactEmail': OMIT,
  // The provider's approval of a company's simulations (admins only, issue 37).
  'body:approved': true,
  // A new mail domain of the caller's company (issue 37); B's are probed through their ids.
  'body:domain': 'neu-mandant.example',
};

// ── The document ───────────────────────────────────────────────────────────────────────────────

interface TJsonSchema {
  properties?: Record<string, unknown>;
}
interface TDocOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: TJsonSchema }> };
}
interface TParam {
  location: TLocation;
  name: string;
  key: string;
}
interface TOperation {
  method: string;
  path: string;
  /** e.g. `GET /company/{id}` */
  label: string;
  params: TParam[];
  multipart: boolean;
  adminOnly: boolean;
  insurerOnly: boolean;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

type TProcedureMeta = {
  adminOnly?: boolean;
  insurerOnly?: boolean;
  apiKey?: boolean;
  openapi?: { method: string; path: string };
};
const procedureMetas = () =>
  Object.values(appRouter._def.procedures).map(
    (procedure) => (procedure as unknown as { _def: { meta?: TProcedureMeta } })._def.meta,
  );

/** `METHOD path` of every procedure marked `adminOnly` (built on adminProcedure). */
const adminOnlyLabels = new Set(
  procedureMetas()
    .filter((meta) => meta?.adminOnly && meta.openapi)
    .map((meta) => `${meta?.openapi?.method.toUpperCase()} ${meta?.openapi?.path}`),
);

/** `METHOD path` of every procedure that takes an insurer API key (built on insurerReadProcedure). */
const apiKeyLabels = new Set(
  procedureMetas()
    .filter((meta) => meta?.apiKey && meta.openapi)
    .map((meta) => `${meta?.openapi?.method.toUpperCase()} ${meta?.openapi?.path}`),
);

/** `METHOD path` of every procedure marked `insurerOnly` (built on insurerProcedure). */
const insurerOnlyLabels = new Set(
  procedureMetas()
    .filter((meta) => meta?.insurerOnly && meta.openapi)
    .map((meta) => `${meta?.openapi?.method.toUpperCase()} ${meta?.openapi?.path}`),
);

function operationsOf(document: { paths: Record<string, Record<string, TDocOperation>> }): TOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => {
        const label = `${method.toUpperCase()} ${path}`;
        const params: TParam[] = (operation.parameters ?? []).map((parameter) => ({
          location: parameter.in as TLocation,
          name: parameter.name,
          key: `${parameter.in}:${parameter.name}`,
        }));
        const content = operation.requestBody?.content ?? {};
        const multipart = 'multipart/form-data' in content;
        const schema = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
        for (const name of Object.keys(schema?.properties ?? {})) {
          params.push({ location: 'body', name, key: `body:${name}` });
        }
        // Plain routes carry no procedure meta: everything under /admin is the back office's, and
        // everything under /insurer the insurer's (the evidence pack); tests below check that every
        // procedure under those paths is adminOnly or insurerOnly.
        const adminOnly = adminOnlyLabels.has(label) || path.startsWith('/admin/');
        const insurerOnly = insurerOnlyLabels.has(label) || path.startsWith('/insurer/');
        return { method, path, label, params, multipart, adminOnly, insurerOnly };
      }),
  );
}

const unclassified = (operation: TOperation) =>
  operation.params.filter((param) => !(param.key in REFERENCES) && !(param.key in VALUES)).map((param) => param.key);

// ── Requests ───────────────────────────────────────────────────────────────────────────────────

let csvCounter = 0;
/** An employee list the upload routes accept (50 rows, new addresses). */
function employeeCsv(prefix: string): File {
  const batch = ++csvCounter;
  const rows = Array.from({ length: 50 }, (_, i) => `Lena;Liste;${prefix}.${batch}.${i}@liste.example`);
  return new File([`Vorname;Nachname;E-Mail\r\n${rows.join('\r\n')}\r\n`], 'liste.csv', { type: 'text/csv' });
}

type TValues = Record<string, string>;

/** Every combination of reference values that contains at least one of B's. */
function foreignCombinations(references: TParam[], role: TRole): TValues[] {
  let combinations: { values: TValues; foreign: boolean }[] = [{ values: {}, foreign: false }];
  for (const param of references) {
    const reference = REFERENCES[param.key] as TReference;
    const options = [
      ...reference.foreign().map((value) => ({ value, foreign: true })),
      ...(references.length > 1 ? [{ value: reference.own(role)[0] as string, foreign: false }] : []),
    ];
    combinations = combinations.flatMap((combination) =>
      options.map((option) => ({
        values: { ...combination.values, [param.name]: option.value },
        foreign: combination.foreign || option.foreign,
      })),
    );
  }
  return combinations.filter((combination) => combination.foreign).map((combination) => combination.values);
}

/** Every combination of company A's own values (the positive control). */
function ownCombinations(references: TParam[], role: TRole): TValues[] {
  let combinations: TValues[] = [{}];
  for (const param of references) {
    const own = (REFERENCES[param.key] as TReference).own(role);
    combinations = combinations.flatMap((combination) => own.map((value) => ({ ...combination, [param.name]: value })));
  }
  return combinations;
}

function buildRequest(operation: TOperation, references: TValues, role: TCaller, skipUnclassified = false) {
  const input: Record<string, unknown> = { ...references };
  const plain = operation.params.filter((param) => !(param.key in REFERENCES));
  // Values computed from other fields (emailConfirmation mirrors email) come last.
  const computedLast = [...plain].sort(
    (x, y) =>
      Number(x.key === 'body:emailConfirmation') - Number(y.key === 'body:emailConfirmation') ||
      x.key.localeCompare(y.key),
  );
  for (const param of computedLast) {
    // A plain value the caller chose (the insurer's unfiltered list) stands.
    if (param.name in input) continue;
    if (!(param.key in VALUES)) {
      // The API key's block sends public calls too, whose own fields it need not fill: the key is
      // refused before any input is read.
      if (skipUnclassified) continue;
      throw new Error(`unclassified parameter ${param.key} of ${operation.label}`);
    }
    const raw = VALUES[param.key];
    const value = typeof raw === 'function' ? (raw as TValueFn)(input) : raw;
    if (value !== OMIT) input[param.name] = value;
  }
  let path = operation.path;
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const param of operation.params) {
    if (!(param.name in input)) continue;
    const value = input[param.name];
    if (param.location === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(String(value)));
    else if (param.location === 'query') query.set(param.name, String(value));
    else body[param.name] = value;
  }
  // A browser on our own origin: the CSRF rule lets cookie-authenticated writes through.
  const headers: Record<string, string> = { 'sec-fetch-site': 'same-origin', origin: TEST_PUBLIC_URL };
  const init: RequestInit = { method: operation.method.toUpperCase(), headers };
  if (operation.method !== 'get') {
    if (operation.multipart) {
      const form = new FormData();
      for (const [key, value] of Object.entries(body)) form.set(key, value instanceof File ? value : String(value));
      init.body = form;
    } else {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
  }
  const search = query.toString();
  const url = `/api${path}${search ? `?${search}` : ''}`;
  const shown = Object.entries(body)
    .filter(([key]) => key !== 'file')
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(' ');
  return { url, init, headers, description: `${role}: ${init.method} ${url} ${shown}`.trim() };
}

// ── Database snapshot ──────────────────────────────────────────────────────────────────────────

/** Strings that identify company B; none may appear in an answer to anyone of company A. */
const bMarkers = () => [
  b.companyId,
  b.companyName,
  b.uploadId,
  b.personalCode,
  b.companyCode,
  ...[b.employer, b.manager, b.employee, b.invited].flatMap((person) => [person.id, person.email, person.lastname]),
  ...b.campaigns,
  'Fremd Kampagne',
  'Fremd Team',
  ...b.mailDomains.flatMap((entry) => [entry.id, entry.domain, entry.value]),
];
const markersIn = (text: string) => bMarkers().filter((marker) => text.includes(marker));

interface TResult {
  status: number;
  method: string;
  headers: Headers;
  text: string;
  json: { code?: string; messageKey?: string };
  changes: string[];
  description: string;
}

/**
 * Sends one request as `role` with a new session cookie, inside a transaction that is rolled
 * back afterwards; the rows it changed are read before the rollback.
 */
async function send(
  operation: TOperation,
  references: TValues,
  role: TCaller,
  /** Replaces the same-origin headers; a header set to null is left out. */
  fetchHeaders?: Record<string, string | null>,
): Promise<TResult> {
  return rollbacks.rolledBack(async (db) => {
    // The session, the request and both snapshots all see the transaction that is rolled back.
    const request = buildRequest(operation, references, role, role === 'apiKey');
    for (const [name, value] of Object.entries(fetchHeaders ?? {})) {
      if (value === null) delete request.headers[name];
      else request.headers[name] = value;
    }
    if (role === 'apiKey') request.headers.authorization = `Bearer ${apiKeyToken}`;
    else if (role !== 'anonymous') request.headers.cookie = `session=${(await sessionFor(db, callerUser(role))).token}`;
    // The answer is read inside: a streamed body is still the request's work.
    const { value, changes } = await changesOf(db, async () => {
      const answer = await app.request(request.url, request.init);
      return { response: answer, text: await answerText(answer) };
    });
    const { response, text } = value;
    let json: TResult['json'] = {};
    try {
      json = JSON.parse(text) ?? {};
    } catch {
      // PDFs and images
    }
    return {
      status: response.status,
      method: operation.method,
      headers: response.headers,
      text,
      json,
      changes,
      description: request.description,
    };
  });
}

/**
 * An answer as text. A ZIP (the evidence pack) is compressed, so a name in it would not show in
 * its bytes: it becomes the text of its files instead, PDFs as pdftotext reads them, and the
 * checks for B's and for people's names read inside it.
 */
async function answerText(response: Response): Promise<string> {
  if (response.headers.get('content-type') !== 'application/zip') return response.text();
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.entries(files)
    .map(([name, bytes]) => `${name}\n${name.endsWith('.pdf') ? pdfText(Buffer.from(bytes)) : strFromU8(bytes)}`)
    .join('\n')
    .replace(/\s+/g, ' ');
}

const summary = (result: TResult) =>
  `${result.status} ${result.json.code ?? ''} ${result.json.messageKey ?? ''}`.replace(/\s+/g, ' ').trim();

// ── Fixtures ───────────────────────────────────────────────────────────────────────────────────

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const SIX_COURSES = ['5-golden-rules', 'password-security', 'email-security', 'malware', 'social-engineering', 'byod'];

/** A company with a person of every role, progress, both certificates and an upload request. */
async function seedCompany(tag: 'eigen' | 'fremd'): Promise<TCompany> {
  const Tag = tag === 'eigen' ? 'Eigen' : 'Fremd';
  const domain = `${tag}-mandant.example`;
  const companyName = `${Tag} Mandant GmbH`;
  const employer = await seedEmployer(t.db, { companyName, email: `chef@${domain}`, lastname: `${Tag}chef` });
  const { companyId } = employer;
  const manager = await seedEmployee(t.db, companyId, {
    role: 'manager',
    email: `leiter@${domain}`,
    lastname: `${Tag}leiter`,
  });
  const employee = await seedEmployee(t.db, companyId, { email: `mitarbeiter@${domain}`, lastname: `${Tag}mann` });
  // A team of the company's own (issue 24), so that a team name of B can be probed for too.
  await transaction(t.db, (tx) =>
    tx
      .update(users)
      .set({ team: `${Tag} Team` })
      .where(eq(users.id, employee.id)),
  );
  const invited = await seedEmployee(t.db, companyId, {
    email: `eingeladen@${domain}`,
    lastname: `${Tag}neu`,
    password: null,
  });

  await completeCourses(t.db, { ...employee, companyId }, SIX_COURSES);
  const asEmployee = callerFor(t.db, { token: (await sessionFor(t.db, employee)).token }).caller;
  const personalCode = (await asEmployee.certificates.issuePersonal()).code;
  const asEmployer = callerFor(t.db, { token: employer.token }).caller;
  await asEmployer.employee.update({ id: employer.id, salutation: 'Mrs' });
  await asEmployer.company.update({
    id: companyId,
    street: `${Tag}weg 1`,
    postCode: '12345',
    city: `${Tag}stadt`,
    phoneNumber: '030 1234567',
    insuranceNumber: tag === 'eigen' ? A_POLICY : B_POLICY,
  });
  // An IT contact that has not opened its link yet (issue 37), so a new link can be asked for.
  await asEmployer.phishing.updateSettings({ reportContactEmail: `it@${domain}` });
  const companyCode = (await asEmployer.certificates.issueCompany()).code;
  const form = new FormData();
  form.set('file', employeeCsv(tag));
  const uploaded = await app.request('/api/pdf/upload-file', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${employer.token}` },
  });
  if (uploaded.status !== 200) throw new Error(`upload for ${tag} failed: ${await uploaded.text()}`);
  const { uploadId } = (await uploaded.json()) as { uploadId: string };
  const campaigns = await seedCampaigns(asEmployer, `${Tag} Kampagne`);
  // seedEmployer proved the domain of the policyholder's address; a second one waits for its proof.
  await asEmployer.phishing.addMailDomain({ domain: `warte-${tag}.example` });
  const mailDomains = (await asEmployer.phishing.mailDomains({})).map((entry) => ({
    id: entry.id,
    domain: entry.domain,
    value: entry.record.value,
  }));
  return {
    companyId,
    companyName,
    employer,
    manager,
    employee,
    invited,
    uploadId,
    personalCode,
    companyCode,
    campaigns,
    mailDomains,
  };
}

/** Three campaigns of the company: a draft, a running one and a paused one (each call acts on one of them). */
async function seedCampaigns(asEmployer: ReturnType<typeof callerFor>['caller'], name: string): Promise<string[]> {
  const campaign = () =>
    asEmployer.phishing.createCampaign({
      name,
      templates: ['parcel-customs-fee'],
      audience: { kind: 'all' },
      firstDay: addDays(berlinDay(new Date()), 7),
      windowDays: 2,
    });
  const draft = await campaign();
  const running = await campaign();
  const paused = await campaign();
  for (const { id } of [running, paused]) await asEmployer.phishing.startCampaign({ id });
  await asEmployer.phishing.pauseCampaign({ id: paused.id });
  return [draft.id, running.id, paused.id];
}

// Created while the tests are collected: the operations come from the app's own document.
t = await createTestDb();
// Outside `send` the app works on the database itself (the fixtures); inside, on its transaction.
const rollbacks = rollbackable(t.db);
// The API key's block sends hundreds of calls within a minute: its limit is not under test here.
// A mail domain's check asks a DNS server of the test's own, which knows no name (issue 37).
const dns = await startDnsServer({});
const config = { ...t.config, API_KEY_CALLS_PER_MINUTE: 100_000, DNS_SERVERS: [dns.server] };
app = createApp({ db: rollbacks.db, config, logger: silent, webDist: '/nonexistent/web/dist' });
const document = (await (await app.request('/api/openapi.json')).json()) as {
  paths: Record<string, Record<string, TDocOperation>>;
};
const operations = operationsOf(document);
const labels = new Set(operations.map((operation) => operation.label));
const scoped = operations.filter((operation) => !(operation.label in NOT_TENANT_SCOPED));

beforeAll(async () => {
  await syncCourses(t.db);
  a = await seedCompany('eigen');
  b = await seedCompany('fremd');
  admin = await seedAdmin(t.db);
  insurer = await seedInsurer(t.db);
  const key = await createApiKey(
    t.db,
    { ...admin, role: 'admin', companyId: null, lang: 'de' },
    { name: 'Matrix' },
    { ip: '192.0.2.1' },
  );
  apiKeyToken = key.token;
  apiKeyId = key.key.id;
  // Two whole companies (registrations with argon2, certificates, uploads, campaigns, domains): 1.6 s
  // alone on PostgreSQL, over vitest's default 10 s in the full run with three workers on two cores.
}, 60_000);
afterAll(async () => {
  await dns.close();
  await t.cleanup();
});

// ── Tests ──────────────────────────────────────────────────────────────────────────────────────

describe('REST tenant isolation: what the matrix covers', () => {
  it('reads every operation of the document, the plain file routes included', () => {
    expect(operations.length).toBeGreaterThanOrEqual(80);
    for (const [path, item] of Object.entries(PLAIN_ROUTES)) {
      for (const method of Object.keys(item ?? {})) expect(labels).toContain(`${method.toUpperCase()} ${path}`);
    }
    expect(scoped.length).toBe(operations.length - Object.keys(NOT_TENANT_SCOPED).length);
  });

  it('classifies every parameter of every tenant-scoped operation (a new one must be added here)', () => {
    const missing = scoped.flatMap((operation) => unclassified(operation).map((key) => `${operation.label}: ${key}`));
    expect(missing).toEqual([]);
  });

  it('NOT_TENANT_SCOPED names only existing operations that answer without a session', async () => {
    for (const label of Object.keys(NOT_TENANT_SCOPED)) {
      expect(labels, `stale entry ${label}`).toContain(label);
      const [method = '', path = ''] = label.split(' ');
      const response = await app.request(`/api${path.replace(/\{[^}]+\}/g, 'x')}`, {
        method,
        ...(method !== 'GET' && { headers: { 'content-type': 'application/json' }, body: '{}' }),
      });
      expect(response.status, `${label} needs a session, so it belongs in the matrix`).not.toBe(401);
      expect(response.status, label).toBeLessThan(500);
    }
  });

  it('ADMIN_ANY_COMPANY names only existing operations that are not admin-only', () => {
    for (const label of Object.keys(ADMIN_ANY_COMPANY)) {
      expect(labels, `stale entry ${label}`).toContain(label);
      expect(adminOnlyLabels.has(label), label).toBe(false);
      expect(label in NOT_TENANT_SCOPED, label).toBe(false);
    }
  });

  it('every procedure under /admin is admin-only, so the same rule holds for the plain /admin routes', () => {
    const underAdmin = procedureMetas()
      .filter((meta) => meta?.openapi?.path.startsWith('/admin/'))
      .map((meta) => `${meta?.openapi?.path} adminOnly=${Boolean(meta?.adminOnly)}`);
    expect(underAdmin.length).toBeGreaterThan(0);
    expect(underAdmin.filter((line) => line.endsWith('false'))).toEqual([]);
  });

  it('every procedure under /insurer is the insurer’s, so the same rule holds for its plain routes (the evidence pack)', () => {
    const underInsurer = procedureMetas()
      .filter((meta) => meta?.openapi?.path.startsWith('/insurer/'))
      .map((meta) => `${meta?.openapi?.path} insurerOnly=${Boolean(meta?.insurerOnly)}`);
    expect(underInsurer.length).toBeGreaterThan(0);
    expect(underInsurer.filter((line) => line.endsWith('false'))).toEqual([]);
    expect(operations.find((operation) => operation.label === 'GET /insurer/evidence/{companyId}')?.insurerOnly).toBe(
      true,
    );
  });

  it('sends the cookie a real sign-in sets, and the app takes it', async () => {
    const login = await app.request('/trpc/employee.login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: a.employee.email, password: STRONG_PASSWORD }),
    });
    const cookie = /^(session=[^;]+);/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toBeDefined();
    const own = await app.request(`/api/employee/${a.employee.id}`, { headers: { cookie: cookie ?? '' } });
    expect(own.status).toBe(200);
    const foreign = await app.request(`/api/employee/${b.employee.id}`, { headers: { cookie: cookie ?? '' } });
    expect(foreign.status).toBe(404);
  });
});

describe('REST tenant isolation: company B’s ids from company A (generated)', () => {
  for (const operation of scoped) {
    it(operation.label, async () => {
      expect(unclassified(operation)).toEqual([]);
      const references = operation.params.filter((param) => param.key in REFERENCES);
      const failures: string[] = [];
      const fail = (result: TResult, why: string) =>
        failures.push(`${result.description} → ${summary(result)}: ${why}`);
      /** Whatever the answer: no server error, the security headers, and no caching of GETs. */
      const checkAnswer = (result: TResult) => {
        if (result.status >= 500) fail(result, 'server error');
        for (const problem of securityHeaderProblems(result.headers, { hsts: false })) fail(result, problem);
        if (result.method === 'get' && !/\bno-store\b/.test(result.headers.get('cache-control') ?? '')) {
          fail(result, `Cache-Control ${JSON.stringify(result.headers.get('cache-control'))}, expected no-store`);
        }
      };
      let adminSucceeded = false;

      for (const role of ROLES) {
        // The back office's own operations: the admin is their audience (admin.integration.test.ts).
        if (role === 'admin' && operation.adminOnly) continue;
        const adminAnyCompany = role === 'admin' && operation.label in ADMIN_ANY_COMPANY;

        if (references.length === 0) {
          // Scoped by the session: may succeed, but only with and on the caller's own data.
          const result = await send(operation, {}, role);
          checkAnswer(result);
          if (role === 'anonymous' && (result.status !== 401 || result.json.code !== 'AUTHORIZATION_REQUIRED')) {
            fail(result, 'expected 401 AUTHORIZATION_REQUIRED');
          }
          if (!adminAnyCompany) {
            const named = markersIn(result.text);
            if (named.length > 0) fail(result, `the answer names B: ${named.join(', ')}`);
            const touched = result.changes.filter((row) => markersIn(row).length > 0);
            if (touched.length > 0) fail(result, `changed B's rows:\n${touched.join('\n')}`);
          } else if (result.status < 300) {
            adminSucceeded = true;
          }
          continue;
        }

        const withMissing = references.every((param) => REFERENCES[param.key]?.missing);
        const baseline =
          role !== 'anonymous' && withMissing
            ? await send(
                operation,
                Object.fromEntries(references.map((param) => [param.name, REFERENCES[param.key]?.missing?.() ?? ''])),
                role,
              )
            : undefined;

        for (const values of foreignCombinations(references, role)) {
          const result = await send(operation, values, role);
          checkAnswer(result);
          if (adminAnyCompany) {
            if (result.status < 300) adminSucceeded = true;
            continue;
          }
          if (role === 'anonymous') {
            if (result.status !== 401 || result.json.code !== 'AUTHORIZATION_REQUIRED') {
              fail(result, 'expected 401 AUTHORIZATION_REQUIRED');
            }
          } else {
            const foreignEmail = [b.employee.email, b.employer.email].includes(values.email ?? '');
            const allowed =
              result.status === 404 ||
              (result.status === 403 &&
                !['errors.CSRF', 'errors.actions_blocked'].includes(result.json.messageKey ?? '')) ||
              (result.status === 409 && foreignEmail && result.json.messageKey === 'users.email_already_exists');
            if (!allowed) fail(result, 'expected 404 (or 403), as for an id that does not exist');
            if (baseline && (baseline.status !== result.status || baseline.text !== result.text)) {
              fail(result, `answers unlike an id that does not exist (${summary(baseline)}: ${baseline.text})`);
            }
          }
          const named = markersIn(result.text);
          if (named.length > 0) fail(result, `the answer names B: ${named.join(', ')}`);
          if (result.changes.length > 0) fail(result, `changed the database:\n${result.changes.join('\n')}`);
        }
      }

      if (operation.label in ADMIN_ANY_COMPANY && !adminSucceeded) {
        failures.push(`stale ADMIN_ANY_COMPANY entry: the admin got no 2xx with B's ids`);
      }

      // Positive control: with company A's own ids some caller of A succeeds, so the refusals
      // above are about the foreign ids and not about a request the operation cannot take. The
      // insurer's own calls have theirs in the insurer's block below (they succeed with any id).
      if (references.length > 0 && !operation.adminOnly && !operation.insurerOnly) {
        const answers: string[] = [];
        for (const role of CUSTOMER_ROLES) {
          for (const values of ownCombinations(references, role)) {
            const result = await send(operation, values, role);
            checkAnswer(result);
            // A's own ids open A's data only: an optional company id must not widen the query.
            const named = markersIn(result.text);
            if (named.length > 0) fail(result, `the answer with A's own ids names B: ${named.join(', ')}`);
            answers.push(`${result.description} → ${summary(result)}`);
          }
        }
        if (!answers.some((answer) => / → 2\d\d/.test(answer))) {
          failures.push(
            `no caller of A succeeds with A's own ids, so the refusals prove nothing:\n${answers.join('\n')}`,
          );
        }
      }

      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});

// ── The insurer ────────────────────────────────────────────────────────────────────────────────

/**
 * Issue 23, point 1 and "Done when" (ADR 035): the insurer reads every company's aggregates,
 * writes nothing and never receives a learner's name or e-mail. Every operation of the document,
 * as the insurer, with company A's ids and with company B's: only the insurer's own calls (and the
 * few about its own session and account, INSURER_OWN) may succeed; no answer names a person of
 * either company; nothing in any table changes. The insurer's own calls must succeed and name both
 * companies, or the check proves nothing.
 */
const INSURER_OWN: Record<string, string> = {
  'GET /employee/two-factor/status': 'its own authenticator',
  'POST /employee/change-password': 'its own password',
  'POST /appuser/logout': 'ends its own session',
  'POST /employee/logout': 'ends its own session',
  'GET /employee/{id}': 'canView(): its own account by its own id',
};

/** Strings that identify a person of either company (not the companies themselves). */
const personMarkers = () =>
  [a, b].flatMap((company) =>
    [company.employer, company.manager, company.employee, company.invited].flatMap((person) => [
      person.id,
      person.email,
      person.lastname,
      person.firstname === 'Max' ? `${person.firstname} ${person.lastname}` : person.firstname,
    ]),
  );

/** The insurer's requests of an operation: once with A's references, once with B's. */
function insurerCombinations(operation: TOperation): TValues[] {
  const references = operation.params.filter((param) => param.key in REFERENCES);
  // Its own list: searched for a learner's name (the probe of VALUES), and unfiltered.
  if (operation.insurerOnly && references.length === 0) return [{}, { search: '' }];
  if (references.length === 0) return [{}];
  const pick = (side: 'own' | 'foreign') =>
    Object.fromEntries(
      references.map((param) => {
        const reference = REFERENCES[param.key] as TReference;
        return [param.name, (side === 'own' ? reference.own('employer') : reference.foreign())[0] as string];
      }),
    );
  return [pick('own'), pick('foreign')];
}

describe('REST: the insurer reads company figures only and writes nothing (generated)', () => {
  it('knows the insurer’s own calls, and INSURER_OWN names existing operations', () => {
    expect(insurerOnlyLabels).toContain('GET /insurer/policies');
    for (const label of Object.keys(INSURER_OWN)) expect(labels, `stale entry ${label}`).toContain(label);
  });

  for (const operation of scoped) {
    it(operation.label, async () => {
      const failures: string[] = [];
      let succeeded = false;
      for (const values of insurerCombinations(operation)) {
        const request = { ...values };
        if (operation.label === 'GET /employee/{id}' && Object.keys(values).length > 0) request.id = insurer.id;
        const result = await send(operation, request, 'insurer');
        const line = `${result.description} → ${summary(result)}`;
        if (result.status >= 500) failures.push(`${line}: server error`);
        if (result.status < 300) {
          succeeded = true;
          if (!operation.insurerOnly && !(operation.label in INSURER_OWN)) failures.push(`${line}: expected a refusal`);
        }
        const named = personMarkers().filter((marker) => result.text.includes(marker));
        if (named.length > 0) failures.push(`${line}: the answer names a person: ${named.join(', ')}`);
        // Its own calls may touch its own rows (its password, the sign-in throttle of its address),
        // never a company's or a person's.
        const own = operation.label in INSURER_OWN;
        const changed = result.changes.filter(
          (row) =>
            !row.includes(insurer.id) && !(own && [...personMarkers(), ...bMarkers()].every((m) => !row.includes(m))),
        );
        if (changed.length > 0) failures.push(`${line}: changed the database:\n${changed.join('\n')}`);
        if (operation.insurerOnly && values.search === '' && operation.params.some((p) => p.key === 'query:search')) {
          for (const company of [a, b]) {
            if (!result.text.includes(company.companyName)) failures.push(`${line}: ${company.companyName} missing`);
          }
        }
        // Its pack of one company (the evidence pack, unzipped by answerText) names that company.
        if (operation.insurerOnly && values.companyId && result.status < 300) {
          const company = values.companyId === a.companyId ? a : b;
          if (!result.text.includes(company.companyName)) failures.push(`${line}: ${company.companyName} missing`);
        }
      }
      if ((operation.insurerOnly || operation.label in INSURER_OWN) && !succeeded) {
        failures.push('the insurer’s own call did not succeed, so the checks above prove nothing');
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});

// ── The insurer's API key ──────────────────────────────────────────────────────────────────────

/**
 * Issue 23 "Done when" (ADR 035): an API key as a caller of the matrix. Every operation of the
 * document, the public ones and the plain file routes included, sent the way a server sends it
 * (no fetch metadata, the key as bearer), with company A's ids and with company B's: the calls
 * that take a key succeed and name no person of either company; every other call answers 403
 * `api_key.scope`; nothing changes but the key's own rows (its audit entries, its rate counter,
 * its last use).
 */
describe('REST: an insurer API key reads the insurer’s calls only and writes nothing (generated)', () => {
  it('knows the calls that take a key', () => {
    expect([...apiKeyLabels].sort()).toEqual(['GET /insurer/policies', 'GET /insurer/policies/{policyNumber}']);
  });

  for (const operation of operations) {
    it(operation.label, async () => {
      const failures: string[] = [];
      const takesKey = apiKeyLabels.has(operation.label);
      for (const values of insurerCombinations(operation)) {
        const result = await send(operation, values, 'apiKey', { 'sec-fetch-site': null, origin: null });
        const line = `${result.description} → ${summary(result)}`;
        if (takesKey && result.status !== 200) failures.push(`${line}: expected 200`);
        if (!takesKey && (result.status !== 403 || result.json.messageKey !== 'api_key.scope')) {
          failures.push(`${line}: expected 403 api_key.scope`);
        }
        const named = personMarkers().filter((marker) => result.text.includes(marker));
        if (named.length > 0) failures.push(`${line}: the answer names a person: ${named.join(', ')}`);
        const changed = result.changes.filter((row) => !row.includes(apiKeyId));
        if (changed.length > 0) failures.push(`${line}: changed the database:\n${changed.join('\n')}`);
        if (!result.changes.some((row) => row.includes('audit_log') && row.includes(String(result.status)))) {
          failures.push(`${line}: no audit entry with its status`);
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});

// ── Cross-site requests ────────────────────────────────────────────────────────────────────────

/**
 * Issue 21.4: every documented GET, as every signed-in role with a session cookie and the
 * caller's own ids (so the request would do its real work), sent the way another site makes a
 * browser send it: a link followed from there (Sec-Fetch-Site cross-site), and a browser that
 * sends no fetch metadata at all. Neither changes any row of any table. A cross-site request is
 * refused outright (403 errors.CSRF) unless the operation is public; one without fetch metadata
 * may read, but every change (a procedure of type mutation, whatever its REST method) is refused.
 * The control: with the same-origin headers of the portal's own page, every GET that is a
 * mutation does change the database for some role, so "unchanged" above is not an accident.
 */
const CROSS_SITE: Record<string, Record<string, string | null>> = {
  'a link on another site': { 'sec-fetch-site': 'cross-site', origin: null },
  'a form on another site': { 'sec-fetch-site': 'cross-site', origin: 'https://angreifer.example' },
  'a browser without fetch metadata': { 'sec-fetch-site': null, origin: null },
};
const SIGNED_IN: TRole[] = ['employee', 'manager', 'employer', 'admin', 'insurer'];

/**
 * The audit entry of a read that was let through (an evidence pack downloaded, ADR 035): a record
 * that the read happened, not a change of anything; a refused request writes none.
 */
const isReadRecord = (row: string) => row.startsWith('+ audit_log: ') && row.includes('"evidence.downloaded"');

/** `GET path` of the procedures that change something although the spec makes them a GET. */
const changingGets = new Set(
  Object.values(appRouter._def.procedures)
    .map((procedure) => (procedure as unknown as { _def: { type: string; meta?: TProcedureMeta } })._def)
    .filter((def) => def.type === 'mutation' && def.meta?.openapi?.method === 'GET')
    .map((def) => `GET ${def.meta?.openapi?.path}`),
);

describe('no cross-site request changes anything (issue 21.4, generated)', () => {
  it('knows the GETs that change something (resend-invitation among them)', () => {
    expect(changingGets).toContain('GET /employee/resend-invitation');
  });

  for (const operation of operations.filter((candidate) => candidate.method === 'get')) {
    it(operation.label, async () => {
      expect(unclassified(operation)).toEqual([]);
      const references = operation.params.filter((param) => param.key in REFERENCES);
      const isPublic = operation.label in NOT_TENANT_SCOPED;
      const failures: string[] = [];
      let controlChanged = false;
      for (const role of SIGNED_IN) {
        const combinations = references.length > 0 ? ownCombinations(references, role) : [{}];
        for (const values of combinations) {
          for (const [how, headers] of Object.entries(CROSS_SITE)) {
            const result = await send(operation, values, role, headers);
            const line = `${how}: ${result.description} → ${summary(result)}`;
            const changes = result.changes.filter((row) => !isReadRecord(row));
            if (changes.length > 0) failures.push(`${line}: changed the database:\n${changes.join('\n')}`);
            if (result.status >= 500) failures.push(`${line}: server error`);
            const crossSite = headers['sec-fetch-site'] === 'cross-site';
            if (crossSite && !isPublic && (result.status !== 403 || result.json.messageKey !== 'errors.CSRF')) {
              failures.push(`${line}: expected 403 errors.CSRF`);
            }
            if (!crossSite && changingGets.has(operation.label) && result.json.messageKey !== 'errors.CSRF') {
              failures.push(`${line}: a change without proof of origin, expected 403 errors.CSRF`);
            }
          }
          if (changingGets.has(operation.label)) {
            const control = await send(operation, values, role);
            if (control.changes.length > 0) controlChanged = true;
          }
        }
      }
      if (changingGets.has(operation.label) && !controlChanged) {
        failures.push('control: from the portal itself this change changed nothing for any role');
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});
