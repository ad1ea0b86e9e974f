import { useCallback, useEffect, useRef, useState } from 'react';
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

/**
 * Main navigation by role (spec §2). On wide screens a side bar, always open; on narrow ones a
 * menu button that opens it below the header (also by swipe), and that closes on a new page and on
 * Escape. The current page's link carries aria-current="page" (NavLink).
 */
export function MainNav({ me, blocked, onOpenAvv }: { me: TMe; blocked: boolean; onOpenAvv: () => void }) {
  const t = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const openMenu = useCallback(() => setOpen(true), []);
  const closeMenu = useCallback(() => setOpen(false), []);
  useSwipe(openMenu, closeMenu);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => setOpen(false), [location.pathname]);
  // Escape closes the open menu from wherever the focus is, and gives the focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const isAdmin = me.role === 'admin' || me.role === 'insurer';
  return (
    <header className="app-header">
      <div className="app-header-bar">
        <Logo admin={isAdmin} />
        <button
          ref={button}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((value) => !value)}
          // The name says what a press does; the visible word is part of it (WCAG 2.5.3) and short
          // enough to sit beside the logo on a phone.
          aria-label={open ? t('nav.close_menu') : t('nav.open_menu')}
        >
          <span className="menu-icon" aria-hidden="true" />
          {t('nav.menu')}
        </button>
      </div>
      <nav id="main-menu" aria-label={t('nav.main')} className={`main-nav${open ? ' open' : ''}`}>
        {menusFor(me.role).map((group) => (
          <div key={group.label ?? 'main'} className="nav-group">
            {group.label && <span className="nav-group-label">{t(group.label)}</span>}
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  {blocked && !ALWAYS_OPEN.has(link.to) ? (
                    // Spec §2: while actions are blocked, most links are plain text.
                    <span className="nav-link nav-disabled" aria-disabled="true">
                      {t(link.label)}
                    </span>
                  ) : (
                    <NavLink to={link.to} className="nav-link">
                      {t(link.label)}
                    </NavLink>
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
          {/* The insurer's people may read in English; admins work in German (spec §2). */}
          {me.role !== 'admin' && <LanguageSwitch />}
          <NavLink to="/logout" className="nav-link logout-link">
            {t('nav.logout')}
          </NavLink>
        </div>
      </nav>
    </header>
  );
}
