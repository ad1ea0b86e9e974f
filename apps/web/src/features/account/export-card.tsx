import type { RouterOutputs } from '@portal/api';
import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { saveBlob } from '../../lib/download-file.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

type TExport = RouterOutputs['company']['export'];

const save = (content: string, type: string, name: string) => saveBlob(new Blob([content], { type }), name);

/** German spreadsheets expect `;`, a BOM for UTF-8, and quotes only where needed. */
const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** DECISIONS.md: the policyholder exports the company's data as JSON (all of it) or CSV (progress). */
export function ExportCard({ companyId }: { companyId: string }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const stamp = new Date().toISOString().slice(0, 10);

  const load = async (): Promise<TExport | null> => {
    try {
      return await utils.company.export.fetch({ id: companyId });
    } catch {
      toast.error(t('export.failed'));
      return null;
    }
  };

  const csv = (data: TExport) => {
    const header = [
      t('export.col_lastname'),
      t('export.col_firstname'),
      t('export.col_email'),
      t('export.col_role'),
      t('export.col_course'),
      t('export.col_status'),
      t('export.col_started'),
      t('export.col_completed'),
      t('export.col_minutes'),
      t('export.col_best_score'),
    ];
    const progress = new Map(data.progress.map((row) => [`${row.userId}/${row.courseSlug}`, row]));
    const rows = data.assignments.flatMap((assignment) => {
      const person = data.people.find((p) => p.id === assignment.userId);
      if (!person) return [];
      const row = progress.get(`${assignment.userId}/${assignment.courseSlug}`);
      return [
        [
          person.lastname,
          person.firstname,
          person.email,
          person.role,
          assignment.courseSlug,
          row?.status ?? 'assigned',
          row ? formatDate(row.startedAt) : '',
          row?.completedAt ? formatDate(row.completedAt) : '',
          row ? Math.round(row.workingSeconds / 60) : '',
          row?.bestScore ?? '',
        ],
      ];
    });
    return `\uFEFF${[header, ...rows].map((line) => line.map(cell).join(';')).join('\r\n')}\r\n`;
  };

  return (
    <section className="card" aria-labelledby="export-heading">
      <h2 id="export-heading">{t('export.title')}</h2>
      <p>{t('export.intro')}</p>
      <div className="button-row">
        <Button
          className="button button-secondary"
          onPress={async () => {
            const data = await load();
            if (data) save(JSON.stringify(data, null, 2), 'application/json', `export-${stamp}.json`);
          }}
        >
          {t('export.json')}
        </Button>
        <Button
          className="button button-secondary"
          onPress={async () => {
            const data = await load();
            if (data) save(csv(data), 'text/csv;charset=utf-8', `export-${stamp}.csv`);
          }}
        >
          {t('export.csv')}
        </Button>
      </div>
    </section>
  );
}
