// Made on first use, as in calendar-day.ts: a format with a time zone loads the zone data, which a
// page that imports this module but shows no date should not pay for.
let formatter: Intl.DateTimeFormat | undefined;

/** DECISIONS.md: dates read DD.MM.YYYY in both languages, in German time (browser, mails, PDFs). */
export function formatDate(value: string | Date): string {
  formatter ??= new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  });
  return formatter.format(new Date(value));
}
