import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useT } from '../../lib/i18n.tsx';
import type { TStaffRow } from './staff-row.ts';

export type TRowAction = 'edit' | 'resend' | 'toggle-role' | 'absence' | 'end-absence' | 'reset-training' | 'delete';

/** The actions one may take on a person, as a keyboard-accessible menu. */
export function RowActions({
  person,
  viewerRole,
  onAction,
}: {
  person: TStaffRow;
  viewerRole: 'employer' | 'manager';
  onAction: (action: TRowAction) => void;
}) {
  const t = useT();
  const manageable = person.role === 'employee' || (viewerRole === 'employer' && person.role === 'manager');
  if (!manageable) return null;
  const name = `${person.firstname} ${person.lastname}`;
  return (
    <MenuTrigger>
      <Button className="button button-ghost button-small" aria-label={t('users.actions_for', { name })}>
        ⋯
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" onAction={(key) => onAction(key as TRowAction)}>
          <MenuItem id="edit" className="menu-item">
            {t('users.edit')}
          </MenuItem>
          {person.status === 'invited' && (
            <MenuItem id="resend" className="menu-item">
              {t('users.resend')}
            </MenuItem>
          )}
          {viewerRole === 'employer' && (
            <MenuItem id="toggle-role" className="menu-item">
              {person.role === 'employee' ? t('users.make_manager') : t('users.make_employee')}
            </MenuItem>
          )}
          <MenuItem id="absence" className="menu-item">
            {t('due_dates.absence')}
          </MenuItem>
          {person.absence && (
            <MenuItem id="end-absence" className="menu-item">
              {t('due_dates.end_absence')}
            </MenuItem>
          )}
          <MenuItem id="reset-training" className="menu-item">
            {t('users.reset_training')}
          </MenuItem>
          <MenuItem id="delete" className="menu-item menu-item-danger">
            {t('users.delete')}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
