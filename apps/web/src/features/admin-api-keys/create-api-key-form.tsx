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
import { DueField, dayFromInput } from '../course-settings/due-field.tsx';

export type TNewApiKey = RouterInputs['apiKeys']['create'];

/** The server's rule for a name (create-api-key.ts), checked before the call. */
const NAME_MAX_LENGTH = 80;

type TFieldErrors = { name?: string | undefined; expiresOn?: string | undefined };

/**
 * Which field a refused call is about: the refused input's own field (zod issue path), or the
 * expiry for the server's "a day in the past"; null for anything else (shown as a toast).
 */
function refusedFields(error: unknown): TFieldErrors | null {
  const issue = inputIssues(error)[0];
  if (issue?.path === 'name' || issue?.path === 'expiresOn') return { [issue.path]: issue.message };
  if (error instanceof TRPCClientError && error.data?.messageKey === 'api_keys.expiry_past') {
    return { expiresOn: errorMessage(error) ?? undefined };
  }
  return null;
}

/**
 * A new key: a name that says what it is for, and optionally the last day it works (a day field
 * typed DD.MM.YYYY like the app's other day fields). The server's translated refusal shows at its
 * field. On success the form is empty again and `create` shows the token.
 */
export function CreateApiKeyForm({
  isPending,
  create,
}: {
  isPending: boolean;
  create: (input: TNewApiKey) => Promise<unknown>;
}) {
  const t = useT();
  const toast = useToast();
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  // The name's rule shows once the field is left, the day's when the form is sent (as in the day dialogs).
  const [checked, setChecked] = useState({ name: false, expiresOn: false });
  const [refused, setRefused] = useState<TFieldErrors>({});

  const day = expiresOn.trim() === '' ? undefined : dayFromInput(expiresOn);
  const problems: TFieldErrors = {
    name:
      name.trim() === ''
        ? t('api_keys.name_required')
        : name.trim().length > NAME_MAX_LENGTH
          ? t('api_keys.name_too_long')
          : undefined,
    expiresOn: day === null ? t('due_dates.invalid_day') : undefined,
  };
  const errorFor = (field: keyof TFieldErrors) => refused[field] ?? (checked[field] ? problems[field] : undefined);

  const submit = async () => {
    setChecked({ name: true, expiresOn: true });
    setRefused({});
    if (problems.name || problems.expiresOn || day === null) return;
    try {
      await create({ name: name.trim(), ...(day ? { expiresOn: day } : {}) });
      setName('');
      setExpiresOn('');
      setChecked({ name: false, expiresOn: false });
    } catch (error) {
      const fields = refusedFields(error);
      if (fields) setRefused(fields);
      else toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  return (
    <section className="card">
      <SubmitForm onSubmit={submit} labelledBy="create-api-key-heading">
        <h2 id="create-api-key-heading">{t('api_keys.create_title')}</h2>
        <TextInput
          label={t('api_keys.name_label')}
          description={t('api_keys.name_description')}
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
        <DueField
          label={t('api_keys.expires_label')}
          value={expiresOn}
          onChange={(value) => {
            setExpiresOn(value);
            setRefused({});
          }}
          hint={`${t('api_keys.expires_description')} ${t('due_dates.date_hint')}`}
          error={errorFor('expiresOn')}
        />
        <div>
          <Button type="submit" className="button button-primary" isPending={isPending}>
            {t('api_keys.create_submit')}
          </Button>
        </div>
      </SubmitForm>
    </section>
  );
}
