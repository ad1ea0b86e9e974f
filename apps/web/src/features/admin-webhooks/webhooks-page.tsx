import './webhooks.css';
import { useRef, useState } from 'react';
import { SecretOnceDialog } from '../../components/secret-once-dialog.tsx';
import { focusOnceDialogsAreGone } from '../../lib/focus-after-dialogs.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import { CreateWebhookForm } from './create-webhook-form.tsx';
import { RemoveWebhookDialog } from './remove-webhook-dialog.tsx';
import type { TWebhookEndpoint } from './webhook-row.ts';
import { WebhooksTable } from './webhooks-table.tsx';

/**
 * `/admin/webhooks`: the insurer's receivers of signed event messages (ADR 035). Admins add a
 * receiver (its signing secret is shown once) and remove it; the list shows each receiver's
 * latest deliveries and never a secret.
 */
export default function WebhooksPage() {
  const t = useT();
  const utils = trpc.useUtils();
  const list = trpc.webhooks.list.useQuery();
  // gcTime 0: once the answer is handed on (reset below), the mutation cache keeps no copy of the secret.
  const create = trpc.webhooks.create.useMutation({ gcTime: 0 });
  // The secret lives here only while its dialog is open.
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TWebhookEndpoint | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const endpoints = list.data?.items;

  return (
    <section className="page">
      <h1>{t('pages.webhooks')}</h1>
      <p className="muted">{t('webhooks.intro')}</p>
      <CreateWebhookForm
        isPending={create.isPending}
        create={async (input) => {
          const created = await create.mutateAsync(input);
          create.reset();
          setSecret(created.secret);
          await utils.webhooks.list.invalidate();
        }}
      />
      <section className="card" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading" ref={listHeading} tabIndex={-1}>
          {t('webhooks.list_title')}
        </h2>
        {list.isPending && <p role="status">{t('app.loading')}</p>}
        {list.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
        {endpoints?.length === 0 && <p className="notice">{t('webhooks.empty')}</p>}
        {endpoints && endpoints.length > 0 && <WebhooksTable endpoints={endpoints} onRemove={setRemoving} />}
      </section>
      <SecretOnceDialog
        secret={secret}
        onDone={() => setSecret(null)}
        title={t('webhooks.created_title')}
        text={t('webhooks.created_text')}
        label={t('webhooks.secret_label')}
      />
      <RemoveWebhookDialog
        endpoint={removing}
        onClose={() => setRemoving(null)}
        // Focus goes to the list, where the receiver now reads as removed, once the dialog is gone.
        onRemoved={() => focusOnceDialogsAreGone(() => listHeading.current)}
      />
    </section>
  );
}
