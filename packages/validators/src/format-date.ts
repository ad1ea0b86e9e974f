/** DECISIONS.md: dates read DD.MM.YYYY in both languages, in German time (browser, mails, PDFs). */
const formatter = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Berlin',
});

export const formatDate = (value: string | Date) => formatter.format(new Date(value));
