import { z } from 'zod';
import { WEBMAIL_DOMAINS } from './webmail-domains.ts';

/** The longest host name DNS allows (RFC 1035: 255 octets on the wire, 253 characters written). */
export const MAIL_DOMAIN_MAX_LENGTH = 253;

/** Why a text is not a mail domain a company can prove; each is a message key. */
export type TMailDomainProblem =
  | 'mail_domains.required'
  | 'mail_domains.invalid'
  | 'mail_domains.ip_literal'
  | 'mail_domains.too_long'
  | 'mail_domains.webmail';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level label: letters, or an internationalised one in punycode; never digits only. */
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * A mail domain as a company types it, written the one way the portal stores and compares it
 * (issue 37): trimmed, lower case, without a leading `@` or a trailing dot, internationalised
 * names in punycode (`müller.de` → `xn--mller-kva.de`, through the URL parser that browsers and
 * Node share). Refused: IP literals, anything that is not a host name of at least two labels,
 * names longer than DNS allows, and public mail services (`WEBMAIL_DOMAINS`), which no company
 * can prove. A subdomain is a domain of its own.
 */
export function normaliseMailDomain(input: string): { domain: string } | { problem: TMailDomainProblem } {
  let value = input.trim().toLowerCase();
  if (value.startsWith('@')) value = value.slice(1);
  if (value.endsWith('.')) value = value.slice(0, -1);
  if (value === '') return { problem: 'mail_domains.required' };
  // Far beyond any name: not worth parsing (the punycode of a long name only grows).
  if (value.length > MAIL_DOMAIN_MAX_LENGTH * 2) return { problem: 'mail_domains.too_long' };
  if (value.startsWith('[') || value.includes(':')) return { problem: 'mail_domains.ip_literal' };
  // A path, a user, a port or an escape has no place in a domain (the URL parser would take them apart).
  if (/[\s/\\?#@%]/.test(value)) return { problem: 'mail_domains.invalid' };
  let host: string;
  try {
    host = new URL(`http://${value}/`).hostname;
  } catch {
    return { problem: 'mail_domains.invalid' };
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  // The parser reads `127.1`, `0x7f.0.0.1` and the like as IPv4 addresses and writes them out.
  if (IPV4.test(host)) return { problem: 'mail_domains.ip_literal' };
  if (host.length > MAIL_DOMAIN_MAX_LENGTH) return { problem: 'mail_domains.too_long' };
  const labels = host.split('.');
  const top = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TOP_LABEL.test(top)) {
    return { problem: 'mail_domains.invalid' };
  }
  if (WEBMAIL_DOMAINS.has(host)) return { problem: 'mail_domains.webmail' };
  return { domain: host };
}

/** A mail domain field of a form or call: the normalised domain, or the problem as the issue's message. */
export const ZMailDomain = z
  .string()
  .max(MAIL_DOMAIN_MAX_LENGTH * 2, { message: 'mail_domains.too_long' })
  .transform((value, ctx) => {
    const result = normaliseMailDomain(value);
    if ('domain' in result) return result.domain;
    ctx.addIssue({ code: 'custom', message: result.problem });
    return z.NEVER;
  });

/**
 * The domain of a stored e-mail address, written as `normaliseMailDomain` writes a domain (lower
 * case, punycode), so that a person's address and a proven domain compare as strings; null for an
 * address without a usable domain.
 */
export function mailDomainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const part = email.slice(at + 1).trim();
  if (part === '' || /[\s/\\?#@%:[\]]/.test(part)) return null;
  try {
    const host = new URL(`http://${part}/`).hostname;
    return host.endsWith('.') ? host.slice(0, -1) : host;
  } catch {
    return null;
  }
}
