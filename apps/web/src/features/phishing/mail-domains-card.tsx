import './mail-domains.css';
import type { RouterOutputs } from '@portal/api';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { TextInput } from '../../components/form-fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { useT } from '../../lib/i18n.tsx';
import { inputIssues } from '../../lib/input-issues.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { companyInput, type TPhishingScope } from './phishing-scope.ts';

type TMailDomain = RouterOutputs['phishing']['mailDomains'][number];
/** What the last "check now" of a domain said, already translated; an error is a refusal (the limit). */
type TCheckNote = { text: string; proven: boolean; error: boolean };

/**
 * The company's mail domains (issue 37, ADR 036): simulations reach only people on a domain the
 * company proved with a DNS TXT record. Each domain shows its state, the record to publish with
 * copy buttons, "check now" with its translated result, and removal after a question.
 */
export function MailDomainsCard({ scope }: { scope: TPhishingScope }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const list = trpc.phishing.mailDomains.useQuery(companyInput(scope));
  const add = trpc.phishing.addMailDomain.useMutation();
  const check = trpc.phishing.checkMailDomain.useMutation();
  const remove = trpc.phishing.removeMailDomain.useMutation();
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const [notes, setNotes] = useState<Record<string, TCheckNote>>({});
  const [checking, setChecking] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TMailDomain | null>(null);

  // What the campaigns reach changes with the domains.
  const refresh = () =>
    Promise.all([utils.phishing.mailDomains.invalidate(), utils.phishing.campaignReach.invalidate()]);

  const submit = async () => {
    setAddError(undefined);
    try {
      const added = await add.mutateAsync({ ...companyInput(scope), domain: draft });
      setDraft('');
      await refresh();
      toast.success(t('mail_domains.added', { domain: added.domain }));
    } catch (error) {
      const issue = inputIssues(error).find((entry) => entry.path === 'domain');
      setAddError(issue?.message ?? errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  const checkNow = async (domain: TMailDomain) => {
    setChecking(domain.id);
    try {
      const result = await check.mutateAsync({ ...companyInput(scope), id: domain.id });
      setNotes((current) => ({
        ...current,
        [domain.id]: {
          text: t(`mail_domains.check_${result.outcome}`, { name: result.domain.record.name }),
          proven: result.outcome === 'proven',
          error: false,
        },
      }));
      await refresh();
    } catch (error) {
      const text = errorMessage(error) ?? t('app.something_went_wrong');
      setNotes((current) => ({ ...current, [domain.id]: { text, proven: false, error: true } }));
    } finally {
      setChecking(null);
    }
  };

  const removeNow = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ ...companyInput(scope), id: removing.id });
      toast.success(t('mail_domains.removed', { domain: removing.domain }));
      setRemoving(null);
      await refresh();
    } catch (error) {
      setRemoving(null);
      toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
    }
  };

  const domains = list.data;
  return (
    <section className="card mail-domains" id="mail-domains" aria-labelledby="mail-domains-heading">
      <h2 id="mail-domains-heading">{t('mail_domains.heading')}</h2>
      <p>{t('mail_domains.intro')}</p>
      {list.isPending && <p role="status">{t('app.loading')}</p>}
      {list.isError && <p role="alert">{t('app.something_went_wrong')}</p>}
      {domains?.length === 0 && <p className="notice">{t('mail_domains.empty')}</p>}
      {domains && domains.length > 0 && (
        <ul className="mail-domain-list" aria-label={t('mail_domains.list_label')}>
          {domains.map((domain) => (
            <MailDomainItem
              key={domain.id}
              domain={domain}
              note={notes[domain.id]}
              isChecking={checking === domain.id}
              onCheck={() => void checkNow(domain)}
              onRemove={() => setRemoving(domain)}
            />
          ))}
        </ul>
      )}
      <form
        className="form mail-domain-add"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label={t('mail_domains.add_label')}
          description={t('mail_domains.add_hint')}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            setAddError(undefined);
          }}
          error={addError}
          autoComplete="off"
          isRequired
        />
        <div>
          <Button type="submit" className="button button-secondary" isPending={add.isPending}>
            {t('mail_domains.add')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('mail_domains.remove_title')}
        text={t('mail_domains.remove_text', { domain: removing?.domain ?? '' })}
        confirmLabel={t('mail_domains.remove')}
        danger
        isPending={remove.isPending}
        onConfirm={() => void removeNow()}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

function MailDomainItem({
  domain,
  note,
  isChecking,
  onCheck,
  onRemove,
}: {
  domain: TMailDomain;
  note: TCheckNote | undefined;
  isChecking: boolean;
  onCheck: () => void;
  onRemove: () => void;
}) {
  const t = useT();
  const proven = domain.verifiedAt !== null;
  return (
    <li className="mail-domain">
      <div className="mail-domain-head">
        <h3 className="mail-domain-name">{domain.domain}</h3>
        <span className={`status ${proven ? 'mail-domain-proven' : 'mail-domain-waiting'}`}>
          {domain.verifiedAt
            ? t('mail_domains.status_proven', { when: formatDate(domain.verifiedAt) })
            : t('mail_domains.status_waiting')}
        </span>
      </div>
      {!proven && (
        <>
          <p>{t('mail_domains.record_intro')}</p>
          <dl className="mail-domain-record">
            <dt>{t('mail_domains.record_type')}</dt>
            <dd>
              <code>{domain.record.type}</code>
            </dd>
            <dt>{t('mail_domains.record_name')}</dt>
            <dd>
              <code>{domain.record.name}</code>
              <CopyButton text={domain.record.name} label={t('mail_domains.copy_name', { domain: domain.domain })} />
            </dd>
            <dt>{t('mail_domains.record_value')}</dt>
            <dd>
              <code>{domain.record.value}</code>
              <CopyButton text={domain.record.value} label={t('mail_domains.copy_value', { domain: domain.domain })} />
            </dd>
          </dl>
          <p className="field-description">{t('mail_domains.record_hint')}</p>
        </>
      )}
      {domain.lastCheckedAt && !proven && (
        <p className="field-description">
          {t('mail_domains.last_checked', { when: formatDate(domain.lastCheckedAt) })}
        </p>
      )}
      {/* Present before any check, so that screen readers announce the result when it arrives. */}
      <div role="status" className="mail-domain-note">
        {note && <p className={note.proven ? 'notice' : 'notice notice-error'}>{note.text}</p>}
      </div>
      <div className="button-row">
        {!proven && (
          <Button
            className="button button-primary"
            isPending={isChecking}
            onPress={onCheck}
            aria-label={t('mail_domains.check_label', { domain: domain.domain })}
          >
            {t('mail_domains.check')}
          </Button>
        )}
        <Button
          className="button button-danger"
          onPress={onRemove}
          aria-label={t('mail_domains.remove_label', { domain: domain.domain })}
        >
          {t('mail_domains.remove')}
        </Button>
      </div>
    </li>
  );
}

/** Copies a record's part; where the browser refuses, says so (the text can be selected by hand). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useT();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('mail_domains.copied'));
    } catch {
      toast.error(t('mail_domains.copy_failed'));
    }
  };
  return (
    <Button className="button button-ghost button-small" onPress={() => void copy()} aria-label={label}>
      {t('mail_domains.copy')}
    </Button>
  );
}
