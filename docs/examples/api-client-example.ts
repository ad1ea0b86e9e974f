/*
 * The typed API client in use (docs/api-client.md): sign in as a learner, list the assigned
 * courses with their progress, and check a certificate code the way anyone may. Run it against a
 * portal:
 *
 *   npx tsx docs/examples/api-client-example.ts http://localhost:3000/api employee@example.com <password>
 *
 * apps/server/src/http/api-client-example.integration.test.ts runs `trainingReport` against a live
 * server, so this example keeps working as the API changes.
 */
import { pathToFileURL } from 'node:url';
import { createPortalClient } from '@portal/api-client';

export async function trainingReport(baseUrl: string, email: string, password: string): Promise<string[]> {
  const portal = createPortalClient({ baseUrl, lang: 'en' });
  const signIn = await portal.signIn(email, password);
  if (signIn.error) throw new Error(`sign-in refused: ${signIn.error.message}`);

  const { data: trainings, error } = await portal.client.GET('/trainings/get-trainings', {
    params: { query: { lang: 'en' } },
  });
  if (error) throw new Error(`the trainings could not be read: ${error.message}`);
  const lines = trainings.map(
    (training) => `${training.title}: ${training.progress.status}, ${training.progress.percent} %`,
  );

  // Public: no sign-in needed (the document says `security: []`); an unknown code is a 404.
  const check = await portal.client.GET('/certificates/verify/{code}', { params: { path: { code: 'ZZZZ-ZZZZ' } } });
  lines.push(`certificate ZZZZ-ZZZZ: ${check.response.status === 404 ? 'unknown' : (check.data?.status ?? '?')}`);
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl, email, password] = process.argv.slice(2);
  if (!baseUrl || !email || !password) {
    console.error('usage: api-client-example.ts <base URL with /api> <email> <password>');
    process.exit(2);
  }
  for (const line of await trainingReport(baseUrl, email, password)) console.log(line);
}
