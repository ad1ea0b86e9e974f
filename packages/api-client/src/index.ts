import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';

export type TPortalClient = Client<paths>;

/**
 * A typed client of the portal's REST API (openapi-fetch over the types that `npm run
 * generate:api-client` writes from /api/openapi.json). `baseUrl` is the portal's address with
 * `/api`, e.g. `https://portal.example.org/api`. Every call answers `{ data, error, response }`:
 * `error` is the REST error body (`success: false, code, message, messageKey, issues`).
 *
 * `signIn` keeps the session token of a successful sign-in and sends it as the bearer token on
 * every later call; `token` starts with one.
 */
export function createPortalClient(options: { baseUrl: string; token?: string; lang?: 'de' | 'en' }) {
  let token = options.token;
  const client = createClient<paths>({ baseUrl: options.baseUrl });
  const auth: Middleware = {
    onRequest({ request }) {
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (options.lang) request.headers.set('Accept-Language', options.lang);
      return request;
    },
  };
  client.use(auth);
  return {
    client,
    /** Signs in as a customer (`POST /employee/login`) and keeps the session for later calls. */
    async signIn(email: string, password: string) {
      const answer = await client.POST('/employee/login', { body: { email, password } });
      if (answer.data && 'id' in answer.data) token = answer.data.id;
      return answer;
    },
  };
}
