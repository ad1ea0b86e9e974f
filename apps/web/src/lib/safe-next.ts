/** Only same-site paths are followed after sign-in; anything else goes home (no open redirect). */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

export function loginPathFor(pathname: string): string {
  return /^\/(admin|insurer)(\/|$)/.test(pathname) ? '/admin/login' : '/login';
}
