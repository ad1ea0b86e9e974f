import { ZEmail, ZName, ZTeam } from '@portal/validators';
import { useState } from 'react';
import { Button, Checkbox, CheckboxGroup, Label, Radio, RadioGroup } from 'react-aria-components';
import { z } from 'zod';
import { CheckboxField } from '../../components/checkbox-field.tsx';
import { TextInput } from '../../components/form-fields.tsx';
import { Modal } from '../../components/modal.tsx';
import { SubmitForm } from '../../components/submit-form.tsx';
import { useToast } from '../../components/toasts.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { NameFields } from './name-fields.tsx';
import { TeamField } from './team-field.tsx';

const ZInviteForm = z.object({ firstname: ZName, lastname: ZName, email: ZEmail, team: ZTeam });
const INVITATION_DAYS = 14;

/** Invite a person (spec §7 invite-employee): names, email, manager flag, language, courses. */
export function InviteDialog({
  isOpen,
  onClose,
  canInviteManagers,
  teams,
}: {
  isOpen: boolean;
  onClose: () => void;
  canInviteManagers: boolean;
  /** The company's teams, offered while typing. */
  teams: readonly string[];
}) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const utils = trpc.useUtils();
  const courses = trpc.trainings.courses.useQuery({ lang: locale }, { enabled: isOpen });
  const form = useZodForm(ZInviteForm, { firstname: '', lastname: '', email: '', team: '' });
  const [isManager, setIsManager] = useState(false);
  const [lang, setLang] = useState<'de' | 'en'>(locale);
  const [selected, setSelected] = useState<string[]>([]);
  const invite = trpc.employee.invite.useMutation();
  const allSlugs = courses.data?.map((course) => course.slug) ?? [];

  const submit = async () => {
    form.markSubmitted();
    if (!form.parsed) return;
    try {
      await invite.mutateAsync({ ...form.parsed, isManager, lang, assignedCourseList: selected });
      toast.success(t('users.email_sent'));
      await utils.employee.list.invalidate();
      await utils.company.employees.invalidate();
      await utils.phishing.teams.invalidate();
      onClose();
    } catch (error) {
      toast.error(errorMessage(error) ?? t('users.email_not_sent'));
    }
  };

  return (
    <Modal isOpen={isOpen} onClose={onClose} header={t('users.invite_title')} size="large" footer={<span />}>
      <SubmitForm onSubmit={submit}>
        <p className="muted">{t('users.invite_hint', { days: INVITATION_DAYS })}</p>
        <NameFields form={form} />
        <TextInput
          label={t('form.email')}
          type="email"
          value={form.values.email}
          onChange={(v) => form.set('email', v)}
          onBlur={() => form.touch('email')}
          error={form.errorFor('email')}
          isRequired
        />
        <TeamField form={form} teams={teams} />
        {canInviteManagers && (
          <CheckboxField isSelected={isManager} onChange={setIsManager}>
            {t('users.is_manager')}
          </CheckboxField>
        )}
        <RadioGroup
          className="field"
          orientation="horizontal"
          value={lang}
          onChange={(value) => setLang(value as 'de' | 'en')}
        >
          <Label>{t('users.invitation_language')}</Label>
          <div className="radio-row">
            <Radio value="de" className="radio">
              Deutsch
            </Radio>
            <Radio value="en" className="radio">
              English
            </Radio>
          </div>
        </RadioGroup>
        <div className="field course-choice">
          <Checkbox
            className="checkbox"
            isSelected={allSlugs.length > 0 && selected.length === allSlugs.length}
            isIndeterminate={selected.length > 0 && selected.length < allSlugs.length}
            onChange={(all) => setSelected(all ? allSlugs : [])}
          >
            {({ isSelected, isIndeterminate }) => (
              <>
                <span className="checkbox-box" aria-hidden="true">
                  {isIndeterminate ? '–' : isSelected && '✓'}
                </span>
                <strong>{t('users.select_all_courses')}</strong>
              </>
            )}
          </Checkbox>
          <CheckboxGroup className="course-choice-grid" value={selected} onChange={setSelected}>
            <Label>{t('users.courses_to_assign')}</Label>
            {courses.data?.map((course) => (
              <Checkbox key={course.slug} value={course.slug} className="checkbox">
                {({ isSelected }) => (
                  <>
                    <span className="checkbox-box" aria-hidden="true">
                      {isSelected && '✓'}
                    </span>
                    <span>{course.title}</span>
                  </>
                )}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </div>
        <div className="button-row">
          <Button className="button button-secondary" onPress={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" className="button button-primary" isDisabled={!form.isValid || invite.isPending}>
            {t('users.invite_submit')}
          </Button>
        </div>
      </SubmitForm>
    </Modal>
  );
}
