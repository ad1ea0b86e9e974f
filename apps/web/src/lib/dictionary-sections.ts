/**
 * The dictionary sections the first render needs: the shell (header, footer, error page, page
 * titles) and the sign-in pages. They ship with the entry. Every other section is one lazy chunk
 * per language, which each other page awaits together with its own code, so no page renders
 * before its texts are here (ADR 020). dictionary-sections.test.ts checks that the entry and the
 * sign-in pages use no key outside these sections.
 */
export const SHELL_SECTIONS: readonly string[] = ['app', 'validation', 'login', 'errors', 'footer', 'route_error'];

/**
 * Sections of which only these keys ship with the entry: the titles the first render can show (the
 * shell pages' own, and the error page's). The whole section is in the page part, whose arrival
 * replaces the entry's slice of it. The signed-in pages' titles are read only once their page
 * part is here, so they need not travel with the entry (ADR 027, issue 23).
 */
export const SHELL_KEYS: Readonly<Record<string, readonly string[]>> = {
  pages: ['home', 'login', 'admin_login', 'not_found', 'not_found_text'],
  // The language switch of the public header, and the error page's links. The menus' labels load
  // with the signed-in layout, a lazy route that waits for the page part.
  nav: ['language', 'language_de', 'language_en', 'trainings', 'course_settings'],
  // The sign-in form's fields.
  form: ['email', 'password', 'show_password', 'hide_password'],
};

/**
 * Sections only the server reads (mails, its own answers such as a malformed URL's, the
 * development mailbox page): the web build leaves them out (ADR 020). dictionary-sections.test.ts
 * checks the web uses none.
 */
export const SERVER_SECTIONS: readonly string[] = [
  'mail',
  'reminder_mail',
  'admin',
  'dev_mailbox',
  'http',
  'phishing_page',
];

/** The two parts of each language's dictionary. */
export type TDictionaryPart = 'shell' | 'pages';
