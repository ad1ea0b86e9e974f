import './api-keys.css';
import { useRef, useState } from 'react';
import { focusOnceDialogsAreGone } from '../../lib/focus-after-dialogs.ts';
import { useT } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';
import type { TApiKey } from './api-key-row.ts';
import { ApiKeysTable } from './api-keys-table.tsx';
import { CreateApiKeyForm } from './create-api-key-form.tsx';
import { NewApiKeyDialog } from './new-api-key-dialog.tsx';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog.tsx';

/**
 * `/admin/api-keys`: the read-only keys the insurer's systems call the portfolio with (ADR 035).
 * Admins create a key (its token is shown once) and revoke it; the list never holds a secret.
 */
export default function ApiKeysPage() {
  const t = useT();
  const utils = trpc.useUtils();
  const list = trpc.apiKeys.list.useQuery();
  // gcTime 0: once the answer is handed on (reset below), the mutation cache keeps no copy of the token.
  const create = trpc.apiKeys.create.useMutation({ gcTime: 0 });
  // The token lives here only while its dialog is open.
  const [token, setToken] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const apiKeys = list.data?.items;

  return (
    <section className="page">
      <h1>{t('pages.api_keys')}</h1>
      <p className="muted">{t('api_keys.intro')}</p>
      <p className="muted">
        {t('api_keys.docs_hint')} <a href="/api/docs">/api/docs</a>
      </p>
      <CreateApiKeyForm
        isPending={create.isPending}
        create={async (input) => {
          const created = await create.mutateAsync(input);
          create.reset();
          setToken(created.token);
          await utils.apiKeys.list.invalidate();
        }}
      />
      <section className="card" aria-labelledby="api-keys-heading">
        <h2 id="api-keys-heading" ref={listHeading} tabIndex={-1}>
          {t('api_keys.list_title')}
        </h2>
        {list.isPending && <p role="status">{t('app.loading')}</p>}
        {list.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
        {apiKeys?.length === 0 && <p className="notice">{t('api_keys.empty')}</p>}
        {apiKeys && apiKeys.length > 0 && <ApiKeysTable apiKeys={apiKeys} onRevoke={setRevoking} />}
      </section>
      <NewApiKeyDialog token={token} onDone={() => setToken(null)} />
      <RevokeApiKeyDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        // Focus goes to the list, where the key now reads as revoked, once the dialog is gone.
        onRevoked={() => focusOnceDialogsAreGone(() => listHeading.current)}
      />
    </section>
  );
}
