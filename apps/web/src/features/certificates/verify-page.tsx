import type { RouterOutputs } from '@portal/api';
import { type FormEvent, useState } from 'react';
import { Button, Form, Input, Label, Text, TextField } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate } from '../../lib/format-date.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { trpc } from '../../lib/trpc.ts';

type TResult = RouterOutputs['certificates']['verify'];

const HEADING = {
  valid: 'verify.valid',
  expired: 'verify.expired',
  revoked: 'verify.revoked',
  unknown: 'verify.unknown',
} as const;

function VerifyResult({ result }: { result: TResult }) {
  const { t } = useI18n();
  const explanation =
    result.status === 'valid'
      ? t('verify.valid_text')
      : result.status === 'expired'
        ? t('verify.expired_text', { date: result.validUntil ? formatDate(result.validUntil) : '' })
        : result.status === 'revoked'
          ? t('verify.revoked_text', { date: result.revokedAt ? formatDate(result.revokedAt) : '' })
          : t('verify.unknown_text');
  return (
    <section className={`card verify-result verify-${result.status}`} aria-labelledby="verify-status">
      <h2 id="verify-status">
        <span className="verify-badge">{t(HEADING[result.status])}</span>
      </h2>
      <p>{explanation}</p>
      {result.status === 'expired' && (
        <p>
          {result.currentCode ? (
            <>
              {t('verify.current_exists')}{' '}
              <Link to={`/verify/${result.currentCode}`}>
                <code>{result.currentCode}</code>
              </Link>
            </>
          ) : (
            t('verify.current_none')
          )}
        </p>
      )}
      {result.revokedReason && <p>{t(`verify.revoked_${result.revokedReason}`)}</p>}
      {result.status !== 'unknown' && (
        <dl className="verify-facts">
          {result.kind && (
            <>
              <dt>{t('verify.kind')}</dt>
              <dd>{t(result.kind === 'personal' ? 'verify.kind_personal' : 'verify.kind_company')}</dd>
            </>
          )}
          {result.holder && (
            <>
              <dt>{t(result.kind === 'company' ? 'verify.company' : 'verify.holder')}</dt>
              <dd>{result.holder}</dd>
            </>
          )}
          {result.issuedAt && (
            <>
              <dt>{t('verify.issued_on')}</dt>
              <dd>{formatDate(result.issuedAt)}</dd>
            </>
          )}
          {result.validUntil && (
            <>
              <dt>{t('verify.valid_until')}</dt>
              <dd>{formatDate(result.validUntil)}</dd>
            </>
          )}
          <dt>{t('verify.code')}</dt>
          <dd>
            <code>{result.code}</code>
          </dd>
        </dl>
      )}
    </section>
  );
}

/**
 * `/verify/{code}`, public: what the QR code on a certificate opens. Shows only what DECISIONS.md
 * allows (validity, issue date, holder); the form checks a code typed from paper.
 */
export default function VerifyPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { code = '' } = useParams();
  const [typed, setTyped] = useState(code);
  const result = trpc.certificates.verify.useQuery({ code }, { enabled: code !== '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const clean = typed.trim();
    if (clean) navigate(`/verify/${encodeURIComponent(clean)}`);
  };

  return (
    <section className="page narrow">
      <h1>{t('verify.title')}</h1>
      <p className="muted">{t('verify.intro')}</p>
      {code !== '' && result.isPending && <p role="status">{t('app.loading')}</p>}
      {result.data && <VerifyResult result={result.data} />}
      <Form className="card form verify-form" onSubmit={submit} aria-label={t('verify.title')}>
        <TextField className="field" value={typed} onChange={setTyped} isRequired>
          <Label>{code ? t('verify.check_another') : t('verify.code_label')}</Label>
          <Input className="input" autoComplete="off" spellCheck={false} />
          <Text slot="description">{t('verify.code_hint')}</Text>
        </TextField>
        <div className="button-row">
          <Button type="submit" className="button button-primary">
            {t('verify.submit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
