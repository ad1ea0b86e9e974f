import { useCallback, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { TMe } from '../../lib/guards.ts';
import { useT } from '../../lib/i18n.tsx';
import { HelpDialog } from './help-dialog.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { menusFor } from './menus.ts';
import { useSwipe } from './use-swipe.ts';

/** Pages that stay reachable while actions are blocked (spec §2). */
const ALWAYS_OPEN = new Set(['/account-settings']);

/** Main navigation by role (spec §2); collapsible on small screens, closes on route change. */
export function MainNav({ me, blocked, onOpenAvv }: { me: TMe; blocked: boolean; onOpenAvv: () => void }) {
  const t = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const openMenu = useCallback(() => setOpen(true), []);
  const closeMenu = useCallback(() => setOpen(false), []);
  useSwipe(openMenu, closeMenu);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => setOpen(false), [location.pathname]);

  const isAdmin = me.role === 'admin';
  return (
    <header className="topbar">
      <Logo admin={isAdmin} />
      <button
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls="main-menu"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('nav.close_menu') : t('nav.open_menu')}
      </button>
      <nav id="main-menu" aria-label={t('nav.main')} className={`main-nav${open ? ' open' : ''}`}>
        {menusFor(me.role).map((group) => (
          <div key={group.label ?? 'main'} className="nav-group">
            {group.label && <span className="nav-group-label">{t(group.label)}</span>}
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  {blocked && !ALWAYS_OPEN.has(link.to) ? (
                    // Spec §2: while actions are blocked, most links are plain text.
                    <span className="nav-disabled" aria-disabled="true">
                      {t(link.label)}
                    </span>
                  ) : (
                    <NavLink to={link.to}>{t(link.label)}</NavLink>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="nav-group nav-end">
          {(me.role === 'employer' || me.role === 'manager') && <HelpDialog me={me} autoOpen={!blocked} />}
          {me.role === 'employer' && (
            <button type="button" className="nav-button" onClick={onOpenAvv}>
              {t('nav.avv')}
            </button>
          )}
          {!isAdmin && <LanguageSwitch />}
          <NavLink to="/logout" className="logout-link">
            {t('nav.logout')}
          </NavLink>
        </div>
      </nav>
    </header>
  );
}
