/**
 * The sign-in page for an address: the back office's under /admin and /insurer, the customers'
 * elsewhere. Where the person goes after signing in is decided by `safeNext` of
 * @portal/validators, the one rule of the browser and the server (issue 37.5).
 */
export function loginPathFor(pathname: string): string {
  return /^\/(admin|insurer)(\/|$)/.test(pathname) ? '/admin/login' : '/login';
}
