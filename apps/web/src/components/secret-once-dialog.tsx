import './secret-once-dialog.css';
import { useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useT } from '../lib/i18n.tsx';
import { Modal } from './modal.tsx';

/**
 * A secret shown this once (an API key's token, a webhook receiver's signing secret: only a hash
 * or a sealed copy is stored): a read-only field to select or copy it, a copy button, and
 * "Fertig". Only "Fertig" closes it (no outside click, no Escape), so the secret is not lost by a
 * slip; the page forgets it as the dialog closes (`onDone`). The copy and done words are the API
 * keys' section, where this dialog came from; they say nothing about keys in particular.
 */
export function SecretOnceDialog({
  secret,
  onDone,
  title,
  text,
  label,
}: {
  /** The secret while the dialog is open, null once it is closed. */
  secret: string | null;
  onDone: () => void;
  title: string;
  text: string;
  /** The field's label, the secret's name. */
  label: string;
}) {
  const t = useT();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopy('copied');
    } catch {
      // No clipboard (permission refused, an insecure origin): the secret is selected for Ctrl+C.
      field.current?.focus();
      field.current?.select();
      setCopy('failed');
    }
  };
  const done = () => {
    setCopy('idle');
    onDone();
  };

  return (
    <Modal
      isOpen={secret !== null}
      onClose={done}
      header={title}
      isDismissable={false}
      showCloseIcon={false}
      footer={
        <Button className="button button-primary" onPress={done}>
          {t('api_keys.done')}
        </Button>
      }
    >
      <p>{text}</p>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          ref={field}
          className="input secret-once-value"
          value={secret ?? ''}
          readOnly
          rows={3}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <div className="secret-once-copy">
        <Button className="button button-secondary" onPress={copySecret}>
          {t('api_keys.copy')}
        </Button>
        <span role="status" className={copy === 'failed' ? 'field-error' : 'muted'}>
          {copy === 'copied' ? t('api_keys.copied') : copy === 'failed' ? t('api_keys.copy_failed') : ''}
        </span>
      </div>
    </Modal>
  );
}
