import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './root.ts';

/** The OpenAPI 3.1 document of every REST call (generated from the procedures' meta). */
export function buildOpenApiDocument(baseUrl: string) {
  return generateOpenApiDocument(appRouter, {
    title: 'E-Learning-Portal Cyber-Sicherheit – API',
    version: '1.0.0',
    baseUrl: `${baseUrl}/api`,
    description:
      'REST layer generated from the tRPC procedures. Authenticate with `Authorization: Bearer <token>` from a login answer. Send `Accept-Language: de` or `en`. Errors answer `{ success: false, code, message, messageKey, issues }`; a missing or expired session answers 401 with code `AUTHORIZATION_REQUIRED`.',
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  });
}
