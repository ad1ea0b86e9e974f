import { Button } from 'react-aria-components';
import { useToast } from '../../components/toasts.tsx';
import { saveBlob } from '../../lib/download-file.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { companyExportCsv, type TExport } from './company-export-csv.ts';

const save = (content: string, type: string, name: string) => saveBlob(new Blob([content], { type }), name);

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
            if (data) save(companyExportCsv(data, t), 'text/csv;charset=utf-8', `export-${stamp}.csv`);
          }}
        >
          {t('export.csv')}
        </Button>
      </div>
    </section>
  );
}
