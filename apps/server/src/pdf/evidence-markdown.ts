import type { TEvidenceFacts } from '@portal/core';
import { createTranslator } from '@portal/i18n';
import { formatDate } from '@portal/validators';
import { escapeMarkdown as text } from './markdown-pdf.ts';

/** DECISIONS.md: dates DD.MM.YYYY in German time in both languages; times as 24-hour HH:MM. */
const timeFormat = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' });
export const formatTime = (value: string) => timeFormat.format(new Date(value));

/** The pack's files beside evidence.pdf, as named in the ZIP (evidence-pack.ts). */
export const companyCertificateFile = (code: string) => `company-certificate-${code}.pdf`;
export const personalCertificateFile = (code: string) => `certificates/${code}.pdf`;

/**
 * evidence.pdf as Markdown for markdownToPdf: the facts of evidence.json in the pack's language,
 * in the order a claims handler asks for them. Every value that comes from the database (names
 * typed by customers included) goes through `text`, so it is drawn as it is, never as Markdown.
 */
export function evidenceMarkdown(facts: TEvidenceFacts): string {
  const t = createTranslator(facts.language);
  const percent = (value: number) => t('evidence.percent', { percent: value });
  const lines: string[] = [];
  const add = (...more: string[]) => lines.push(...more, '');
  const fact = (label: string, value: string) => `- **${text(label)}:** ${value}`;

  add(`# ${text(t('evidence.heading', { company: facts.company.name }))}`);
  add(text(t('evidence.generated', { date: formatDate(facts.generatedAt), time: formatTime(facts.generatedAt) })));
  add(text(t(facts.variant === 'insurer' ? 'evidence.intro_insurer' : 'evidence.intro_employer')));

  const { address } = facts.company;
  add(
    `## ${text(t('evidence.company_heading'))}`,
    fact(t('evidence.company_name'), text(facts.company.name)),
    fact(t('evidence.policy_number'), text(facts.company.policyNumber ?? t('evidence.policy_number_none'))),
    fact(t('evidence.address'), text([address.street, `${address.postCode} ${address.city}`].join(', '))),
  );

  const certificate = facts.companyCertificate;
  lines.push(`## ${text(t('evidence.certificate_heading'))}`, '');
  if (certificate) {
    add(
      fact(t('evidence.certificate_code'), text(certificate.code)),
      fact(t('evidence.certificate_issued'), formatDate(certificate.issuedAt)),
      fact(t('evidence.certificate_valid_until'), formatDate(certificate.validUntil)),
      fact(
        t('evidence.certificate_state'),
        text(t(certificate.state === 'valid' ? 'evidence.state_valid' : 'evidence.state_expired')),
      ),
      fact(t('evidence.certificate_verify'), text(certificate.verifyUrl)),
    );
  } else add(text(t('evidence.certificate_none')));

  lines.push(`## ${text(t('evidence.courses_heading'))}`, '');
  if (facts.courses.length > 0) {
    const header = [t('evidence.course'), t('evidence.assigned'), t('evidence.completed'), t('evidence.completion')];
    add(
      `| ${header.map(text).join(' | ')} |`,
      '| --- | ---: | ---: | ---: |',
      ...facts.courses.map(
        (course) =>
          `| ${text(course.title)} | ${course.assigned} | ${course.completed} | ${text(percent(course.completionPercent))} |`,
      ),
    );
    add(
      text(
        t('evidence.courses_totals', {
          completed: facts.totals.completed,
          assigned: facts.totals.assigned,
          percent: facts.totals.completionPercent,
          learners: facts.totals.learners,
        }),
      ),
    );
  } else add(text(t('evidence.courses_none')));

  lines.push(`## ${text(t('evidence.avv_heading'))}`, '');
  const { avv } = facts;
  add(
    text(
      avv.accepted
        ? t('evidence.avv_accepted', { date: formatDate(avv.acceptedAt ?? facts.generatedAt) })
        : t('evidence.avv_not_accepted'),
    ),
  );
  if (avv.acceptances.length > 0) {
    const header = [t('evidence.avv_version'), t('evidence.avv_accepted_at'), t('evidence.avv_accepted_by')];
    add(
      `| ${header.map(text).join(' | ')} |`,
      '| --- | --- | --- |',
      ...avv.acceptances.map((record) => {
        const who = record.acceptedBy.name
          ? t('evidence.avv_person', { name: record.acceptedBy.name })
          : t('evidence.avv_policyholder');
        const when = `${formatDate(record.acceptedAt)} ${formatTime(record.acceptedAt)}`;
        return `| ${text(record.contractVersion)} | ${text(when)} | ${text(who)} |`;
      }),
    );
    if (facts.variant === 'insurer') add(text(t('evidence.avv_insurer_note')));
  } else if (avv.accepted) add(text(t('evidence.avv_no_records')));

  const personal = facts.personalCertificates;
  if (personal) {
    lines.push(`## ${text(t('evidence.personal_heading'))}`, '');
    if (personal.length > 0) {
      const header = [
        t('evidence.certificate_code'),
        t('evidence.holder'),
        t('evidence.certificate_issued'),
        t('evidence.certificate_valid_until'),
      ];
      add(
        `| ${header.map(text).join(' | ')} |`,
        '| --- | --- | --- | --- |',
        ...personal.map(
          (entry) =>
            `| ${text(entry.code)} | ${text(entry.holder)} | ${formatDate(entry.issuedAt)} | ${formatDate(entry.validUntil)} |`,
        ),
      );
      add(text(t('evidence.personal_files')));
    } else add(text(t('evidence.personal_none')));
  }

  add(
    `## ${text(t('evidence.contents_heading'))}`,
    `- **evidence\\.pdf:** ${text(t('evidence.contents_pdf'))}`,
    `- **evidence\\.json:** ${text(t('evidence.contents_json'))}`,
    ...(certificate
      ? [`- **${text(companyCertificateFile(certificate.code))}:** ${text(t('evidence.contents_company_certificate'))}`]
      : []),
    ...(personal && personal.length > 0
      ? [`- **${text('certificates/')}:** ${text(t('evidence.contents_personal'))}`]
      : []),
  );
  return lines.join('\n');
}
