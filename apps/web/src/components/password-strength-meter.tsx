import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE, passwordScoreColour, type TPasswordScore } from '@portal/validators';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n.tsx';
import { useToast } from './toasts.tsx';

type TScorer = (password: string, inputs: readonly string[]) => TPasswordScore;
let scorer: Promise<TScorer> | undefined;
/** The dictionaries are large: loaded on the first page that shows a meter, then kept. */
const loadScorer = () => {
  scorer ??= import('@portal/validators/strength').then((module) => module.passwordScore);
  return scorer;
};

/** The score of a password, null while the checker loads or the field is empty. */
export function usePasswordScore(password: string, userInputs: readonly string[]): TPasswordScore | null {
  const [score, setScore] = useState<TPasswordScore | null>(null);
  const inputsKey = userInputs.join('\u0000');
  useEffect(() => {
    let cancelled = false;
    if (!password) {
      setScore(null);
      return;
    }
    void loadScorer().then((score) => {
      if (!cancelled) setScore(score(password, inputsKey.split('\u0000')));
    });
    return () => {
      cancelled = true;
    };
  }, [password, inputsKey]);
  return score;
}

/**
 * The server refuses a password below "mittel" (score 2); the form says so at once with the
 * spec's toast instead of a round trip. Returns true when the password may be sent.
 */
export function useStrongEnoughCheck() {
  const toast = useToast();
  const t = useT();
  return (score: TPasswordScore | null) => {
    if (score !== null && score < PASSWORD_MIN_SCORE) {
      toast.error(t('change_password.password_too_weak'));
      return false;
    }
    return true;
  };
}

/** Spec §4: five levels, red (0,1), orange (2), green (3,4). */
export function PasswordStrengthMeter({ score }: { score: TPasswordScore | null }) {
  const t = useT();
  const value = score ?? 0;
  const colour = score === null ? 'none' : passwordScoreColour(score);
  const label = score === null ? '–' : t(`password_strength.${score}`);
  return (
    <div className="strength">
      {/* biome-ignore lint/a11y/useSemanticElements: five coloured segments cannot be drawn with a native <meter> */}
      <div
        className={`strength-bar strength-${colour}`}
        role="meter"
        aria-label={t('password_strength.label')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={value}
        aria-valuetext={label}
      >
        {[0, 1, 2, 3, 4].map((step) => (
          <span key={step} className={score !== null && step <= value ? 'filled' : ''} />
        ))}
      </div>
      <p className="strength-text">
        {t('password_strength.label')}: <strong data-testid="password-strength">{label}</strong>
      </p>
      <p className="hint">{t('password_strength.hint', { min: PASSWORD_MIN_LENGTH })}</p>
    </div>
  );
}
