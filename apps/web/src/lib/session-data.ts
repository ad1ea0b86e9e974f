import type { TRole } from '@portal/validators';

/**
 * Spec §3: the session shape kept in localStorage under `session_data`, without the secret
 * (the token travels only in an HttpOnly cookie, DECISIONS.md).
 */
export interface TSessionData {
  userId: string;
  ttl: number;
  created: string;
  role: TRole;
}

const KEY = 'session_data';

export function saveSessionData(data: TSessionData): void {
  localStorage.setItem(KEY, JSON.stringify(data));
}

export function clearSessionData(): void {
  localStorage.removeItem(KEY);
}

export function readSessionData(): TSessionData | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TSessionData) : null;
  } catch {
    return null;
  }
}
