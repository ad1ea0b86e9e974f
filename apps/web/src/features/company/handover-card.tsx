import { useState } from 'react';
import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/toasts.tsx';
import { useT } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** Spec §4: hand the policyholder role to an active manager or employee; the holder picks a new role. */
export function HandoverCard({ companyId, myId }: { companyId: string; myId: string }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const people = trpc.company.employees.useQuery({ id: companyId });
  const handover = trpc.employee.setEmployer.useMutation();
  const [successor, setSuccessor] = useState<string | null>(null);
  const [role, setRole] = useState<'manager' | 'employee'>('manager');
  const candidates = (people.data ?? []).filter((p) => p.id !== myId && p.status === 'active' && p.role !== 'employer');

  return (
    <section className="card" aria-labelledby="handover-heading">
      <h2 id="handover-heading">{t('handover.title')}</h2>
      <p>{t('handover.intro')}</p>
      {!people.data ? (
        <p role="status">{t('app.loading')}</p>
      ) : candidates.length === 0 ? (
        <p className="muted">{t('handover.nobody')}</p>
      ) : (
        <div className="form">
          <Select
            className="field"
            placeholder={t('handover.choose_person')}
            selectedKey={successor}
            onSelectionChange={(key) => setSuccessor(key === null ? null : String(key))}
          >
            <Label>{t('handover.successor')}</Label>
            <Button className="input select-button">
              <SelectValue />
              <span aria-hidden="true">▾</span>
            </Button>
            <Popover className="menu-popover">
              <ListBox className="menu">
                {candidates.map((person) => (
                  <ListBoxItem
                    key={person.id}
                    id={person.id}
                    className="menu-item"
                    textValue={`${person.firstname} ${person.lastname}`}
                  >
                    {person.firstname} {person.lastname} ({person.email})
                  </ListBoxItem>
                ))}
              </ListBox>
            </Popover>
          </Select>
          <RadioGroup
            className="field"
            orientation="horizontal"
            value={role}
            onChange={(value) => setRole(value as 'manager' | 'employee')}
          >
            <Label>{t('handover.my_new_role')}</Label>
            <div className="radio-row">
              <Radio value="manager" className="radio">
                {t('users.role_manager')}
              </Radio>
              <Radio value="employee" className="radio">
                {t('users.role_employee')}
              </Radio>
            </div>
          </RadioGroup>
          <Button
            className="button button-secondary"
            isDisabled={!successor || handover.isPending}
            onPress={async () => {
              if (!successor) return;
              try {
                await handover.mutateAsync({ id: successor, role });
                toast.success(t('handover.done'));
                // Our session ended with the role: sign in again with the new rights.
                await navigate('/logout');
              } catch (error) {
                toast.error(errorMessage(error) ?? t('app.something_went_wrong'));
              }
            }}
          >
            {t('handover.submit')}
          </Button>
        </div>
      )}
    </section>
  );
}
