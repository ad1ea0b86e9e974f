/**
 * Public mail services whose addresses anyone can have (issue 37). A company cannot prove such a
 * domain (it cannot publish a DNS record there), so adding one is refused at once with a message
 * saying why, instead of a check that could never succeed. Short on purpose: the DNS proof is the
 * rule, this list only spares people a pointless attempt with the services seen most in Germany.
 */
export const WEBMAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.de',
  'hotmail.com',
  'hotmail.de',
  'live.com',
  'live.de',
  'msn.com',
  'yahoo.com',
  'yahoo.de',
  'icloud.com',
  'me.com',
  'aol.com',
  'web.de',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  't-online.de',
  'freenet.de',
  'posteo.de',
  'mailbox.org',
  'proton.me',
  'protonmail.com',
]);
