/*
 * The insurer's systems with the typed API client (docs/insurer-api.md): read the whole portfolio
 * page by page with an API key, then one policy with its due and overdue counts. Run it
 * against a portal with a key an admin created at /admin/api-keys:
 *
 *   npx tsx docs/examples/insurer-api-example.ts http://localhost:3000/api pk_… AS-1234567891
 *
 * apps/server/src/http/insurer-api-example.integration.test.ts runs `portfolioReport` against a
 * live server, so this example keeps working as the API changes.
 */
import { pathToFileURL } from 'node:url';
import { createPortalClient } from '@portal/api-client';

/** Waits as long as a 429 answer's Retry-After says (the limit is per key and minute). */
const retryAfter = (response: Response) =>
  new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('Retry-After') ?? '1') * 1000));

export async function portfolioReport(baseUrl: string, apiKey: string, policyNumber: string): Promise<string[]> {
  // The key is the bearer token of every call; it opens the calls under /insurer/ only.
  const portal = createPortalClient({ baseUrl, token: apiKey, lang: 'en' });
  const lines: string[] = [];

  // Every policy, 200 at a time: the cursor continues after the last row, so a policyholder who
  // registers meanwhile is neither missed nor read twice.
  let cursor: string | undefined;
  do {
    const page = await portal.client.GET('/insurer/policies', { params: { query: { limit: 200, cursor } } });
    if (page.response.status === 429) {
      await retryAfter(page.response);
      continue;
    }
    if (page.error) throw new Error(`the portfolio could not be read: ${page.error.message}`);
    for (const row of page.data.items) {
      const proof =
        row.certificate.state === 'valid' ? `valid until ${row.certificate.validUntil}` : row.certificate.state;
      lines.push(`${row.policyNumber} ${row.companyName}: ${row.completionPercent} % completed, proof ${proof}`);
    }
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor);

  const one = await portal.client.GET('/insurer/policies/{policyNumber}', { params: { path: { policyNumber } } });
  if (one.error) {
    // 400: not AS- and 10 digits; 404: no policyholder gave this number; 401: key revoked or expired.
    lines.push(`${policyNumber}: ${one.response.status} ${one.error.message}`);
    return lines;
  }
  for (const holder of one.data.policyholders) {
    // Counted by the daily reminder run; null before its first count (no AVV accepted yet).
    const due = holder.due
      ? `${holder.due.overdue} overdue, ${holder.due.dueSoon} due soon (as of ${holder.due.countedOn})`
      : 'not counted yet';
    lines.push(`${one.data.policyNumber}: ${due}`);
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl, apiKey, policyNumber] = process.argv.slice(2);
  if (!baseUrl || !apiKey || !policyNumber) {
    console.error('usage: insurer-api-example.ts <base URL with /api> <API key> <policy number>');
    process.exit(2);
  }
  for (const line of await portfolioReport(baseUrl, apiKey, policyNumber)) console.log(line);
}
