/** A customer's session token from the REST sign-in (what the session cookie and a Bearer header carry). */
export async function apiSessionToken(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/employee/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { id?: string };
  if (!body.id) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.id;
}
