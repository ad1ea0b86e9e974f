import { isConfirmationWordValid } from '@portal/validators';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useT } from '../lib/i18n.tsx';
import { TextInput } from './form-fields.tsx';
import { Modal } from './modal.tsx';

/**
 * Spec §5: destructive actions ask the person to type DELETE or RESET. The field is valid while
 * empty or equal to the word; the button needs the word.
 */
export function TypedConfirmDialog({
  isOpen,
  onClose,
  onConfirm,
  word,
  title,
  text,
  label,
  confirmLabel,
  isPending,
}: {
  isOpen: boolean;
  onClose: () => void;
  onConfirm: () => void;
  word: 'DELETE' | 'RESET';
  title: string;
  text: string;
  label: string;
  confirmLabel: string;
  isPending: boolean;
}) {
  const t = useT();
  const [value, setValue] = useState('');
  const close = () => {
    setValue('');
    onClose();
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      header={title}
      footer={
        <>
          <Button className="button button-secondary" onPress={close}>
            {t('app.cancel')}
          </Button>
          <Button
            className="button button-danger"
            isDisabled={value !== word || isPending}
            onPress={() => {
              onConfirm();
              setValue('');
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{text}</p>
      <TextInput
        label={label}
        value={value}
        onChange={setValue}
        autoComplete="off"
        error={isConfirmationWordValid(value, word) ? undefined : t('validation.type_word', { word })}
      />
    </Modal>
  );
}
