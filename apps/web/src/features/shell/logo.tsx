import { Fragment } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n.tsx';

export function Logo({ admin = false }: { admin?: boolean }) {
  const t = useT();
  return (
    <Link to="/" className="logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <path d="M16 2 4 7v8c0 7.2 5.1 13.4 12 15 6.9-1.6 12-7.8 12-15V7z" fill="currentColor" />
        <path
          d="m11 16 3.5 3.5L21.5 12"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo-text">
        {/* Line breaks only between words, never at the hyphens of "E-Learning-Portal". */}
        {(admin ? t('app.admin_title') : t('app.title')).split(' ').map((word, index) => (
          <Fragment key={word}>
            {index > 0 && ' '}
            <span>{word}</span>
          </Fragment>
        ))}
      </span>
    </Link>
  );
}
