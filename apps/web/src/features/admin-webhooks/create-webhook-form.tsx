import type { RouterInputs } from '@portal/api';
import { TRPCClientError } from '@trpc/client';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { TextInput } from '../../components/form-fields.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { inputIssues } from '../../lib/input-issues.ts';
import { errorMessage } from '../../lib/trpc.ts';

export type TNewWebhook = RouterInputs['webhooks']['create'];

/** The server's rules for the two fields (create-webhook-endpoint.ts), checked before the call. */
const NAME_MAX_LENGTH = 80;
const URL_MAX_LENGTH = 500;

type TFieldErrors = { name?: string | undefined; url?: string | undefined };

/** The server's refusals of an address, as the core's URL check answers them (webhook-url.ts). */
const URL_REFUSALS: readonly string[] = ['webhooks.url_invalid', 'webhooks.url_not_public'];

/**
 * Which field a refused call is about: the refused input's own field (zod issue path), or the
 * address for the server's URL check (not https, not public); null for anything else (a toast).
 */
function refusedFields(error: unknown): TFieldErrors | null {
  const issue = inputIssues(error)[0];
  if (issue?.path === 'name' || issue?.path === 'url') return { [issue.path]: issue.message };
  if (error instanceof TRPCClientError && URL_REFUSALS.includes(error.data?.messageKey)) {
    return { url: errorMessage(error) ?? undefined };
  }
  return null;
}

/**
 * A new receiver: a name that says whose system it is, and its https:// address. The browser
 * checks only that both are there; whether the address may be used (https, no credentials, not
 * an internal network) is the server's word, shown at the field. On success the form is empty
 * again and `create` shows the signing secret.
 */
export function CreateWebhookForm({
  isPending,
  create,
}: {
  isPending: boolean;
  create: (input: TNewWebhook) => Promise<unknown>;
}) {
  const t = useT();
  const toast = useToast();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  // A field's rule shows once the field is left or the form is sent.
  const [checked, setChecked] = useState({ name: false, url: false });
  const [refused, setRefused] = useState<TFieldErrors>({});

  const problems: TFieldErrors = {
    name:
      name.trim() === ''
        ? t('webhooks.name_required')
        : name.trim().length > NAME_MAX_LENGTH
          ? t('api_keys.name_too_long')
          : undefined,
    url: url.trim() === '' || url.trim().length > URL_MAX_LENGTH ? t('webhooks.url_invalid') : undefined,
  };
  const errorFor = (field: keyof TFieldErrors) => refused[field] ?? (checked[field] ? problems[field] : undefined);

  const submit = async () => {
    setChecked({ name: true, url: true });
    setRefused({});
    if (problems.name || problems.url) return;
    try {
      await create({ name: name.trim(), url: url.trim() });
      setName('');
      setUrl('');
      setChecked({ name: false, url: false });
    } catch (error) {
      const fields = refusedFields(error);
      if (fields) setRefused(fields);
      else toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <section className="card">
      <SubmitForm onSubmit={submit} labelledBy="create-webhook-heading">
        <h2 id="create-webhook-heading">{t('webhooks.create_title')}</h2>
        <TextInput
          label={t('webhooks.name_label')}
          value={name}
          onChange={(value) => {
            setName(value);
            setRefused({});
          }}
          onBlur={() => setChecked((current) => ({ ...current, name: true }))}
          error={errorFor('name')}
          autoComplete="off"
          isRequired
        />
        <TextInput
          label={t('webhooks.url_label')}
          description={t('webhooks.url_description')}
          value={url}
          onChange={(value) => {
            setUrl(value);
            setRefused({});
          }}
          onBlur={() => setChecked((current) => ({ ...current, url: true }))}
          error={errorFor('url')}
          type="url"
          autoComplete="off"
          isRequired
        />
        <div>
          <Button type="submit" className="button button-primary" isPending={isPending}>
            {t('webhooks.create_submit')}
          </Button>
        </div>
      </SubmitForm>
    </section>
  );
}
