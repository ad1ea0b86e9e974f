/**
 * The dictionary sections the first render needs: the shell (header, footer, error page, page
 * titles) and the sign-in pages. They ship with the entry. Every other section is one lazy chunk
 * per language, which each other page awaits together with its own code, so no page renders
 * before its texts are here (ADR 020). dictionary-sections.test.ts checks that the entry and the
 * sign-in pages use no key outside these sections.
 */
export const SHELL_SECTIONS: readonly string[] = [
  'app',
  'nav',
  'pages',
  'form',
  'validation',
  'login',
  'errors',
  'footer',
  'route_error',
];

/**
 * Sections only the server reads (mails, its own answers such as a malformed URL's, the
 * development mailbox page): the web build leaves them out (ADR 020). dictionary-sections.test.ts
 * checks the web uses none.
 */
export const SERVER_SECTIONS: readonly string[] = ['mail', 'reminder_mail', 'admin', 'dev_mailbox', 'http'];

/** The two parts of each language's dictionary. */
export type TDictionaryPart = 'shell' | 'pages';
