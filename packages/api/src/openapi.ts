import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './root.ts';
import type { TProcedureMeta } from './trpc.ts';

export type TOpenApiDocument = ReturnType<typeof generateOpenApiDocument>;
type TSchema = NonNullable<NonNullable<TOpenApiDocument['components']>['schemas']>[string];

/**
 * The REST error contract (rest.ts in the server): what every 4xx and 5xx answer carries. It
 * replaces trpc-to-openapi's own error schemas, which forbid the `success` and `messageKey` fields
 * the REST layer sends (a validating client would refuse every error answer).
 */
export const REST_ERROR_SCHEMA: TSchema = {
  type: 'object',
  description: 'An error, its message in the caller’s language (Accept-Language or the session’s).',
  properties: {
    success: { type: 'boolean', const: false },
    code: {
      type: 'string',
      description: 'BAD_REQUEST, AUTHORIZATION_REQUIRED, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, TOO_MANY_REQUESTS, …',
    },
    message: { type: 'string' },
    messageKey: { type: 'string', description: 'The message’s key in the portal’s translations' },
    issues: {
      description: 'Per field: what is wrong with the input (null when it is not the input)',
      oneOf: [
        {
          type: 'array',
          items: {
            type: 'object',
            properties: { path: { type: 'string' }, message: { type: 'string' }, messageKey: { type: 'string' } },
            required: ['path', 'message', 'messageKey'],
          },
        },
        { type: 'null' },
      ],
    },
  },
  required: ['success', 'code', 'message', 'messageKey', 'issues'],
};

/**
 * The OpenAPI 3.1 document of every REST call (generated from the procedures' meta). A procedure
 * built on `publicProcedure` declares that it needs no sign-in (`security: []`), so a validating
 * proxy or a generated client lets sign-in through; every other call needs the bearer token.
 */
export function buildOpenApiDocument(baseUrl: string): TOpenApiDocument {
  const document = generateOpenApiDocument(appRouter, {
    title: 'E-Learning-Portal Cyber-Sicherheit – API',
    version: '1.0.0',
    baseUrl: `${baseUrl}/api`,
    description:
      'REST layer generated from the tRPC procedures. Authenticate with `Authorization: Bearer <token>` from a login answer. Send `Accept-Language: de` or `en`. Errors answer `{ success: false, code, message, messageKey, issues }`; a missing or expired session answers 401 with code `AUTHORIZATION_REQUIRED`.',
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'A session token from a login answer' },
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'pk_<id>_<secret>',
        description:
          'An insurer API key, created by the provider’s admins: read-only, for the calls under /insurer/ only (ADR 035). Rate-limited per key; over the limit the call answers 429 with Retry-After.',
      },
    },
  });
  // trpc-to-openapi gives every protected call all schemes; only the insurer's read calls take a key.
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (typeof operation === 'object' && operation && 'security' in operation) operation.security = [{ bearer: [] }];
    }
  }
  for (const procedure of Object.values(appRouter._def.procedures)) {
    const meta = (procedure as unknown as { _def: { meta?: TProcedureMeta } })._def.meta;
    if (!meta?.openapi || !(meta.public || meta.apiKey)) continue;
    const operation = document.paths?.[meta.openapi.path]?.[meta.openapi.method.toLowerCase() as 'get'];
    if (!operation) continue;
    if (meta.public) operation.security = [];
    // Either a session (an insurer's person) or a key (the insurer's system).
    if (meta.apiKey) {
      operation.security = [{ bearer: [] }, { apiKey: [] }];
      operation.responses = {
        ...operation.responses,
        '429': {
          description: 'Too many calls with this API key in this minute (see the Retry-After header)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/RestError' } } },
        },
      };
    }
  }
  const schemas = document.components?.schemas ?? {};
  // The contract under its own name too, for the answers of the plain routes (openapi-document.ts).
  schemas.RestError = REST_ERROR_SCHEMA;
  for (const name of Object.keys(schemas)) {
    const generated = schemas[name];
    if (name.startsWith('error.') && generated && !('$ref' in generated))
      schemas[name] = { ...REST_ERROR_SCHEMA, title: generated.title };
  }
  return document;
}
