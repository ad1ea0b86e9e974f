import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';

/** Header of pages without navigation (sign-in, registration, legal, 404). */
export function PublicHeader() {
  return (
    <header className="topbar">
      <Logo />
      <LanguageSwitch />
    </header>
  );
}
