import type { TMessageKey } from '@portal/i18n';
import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import type { TMockPart } from './exercise-types.ts';

/** After checking, each part says what it was: a sign found or missed, or harmless but marked. */
export type TPartOutcome = 'found' | 'missed' | 'harmless' | null;

const OUTCOME_TAG: Record<NonNullable<TPartOutcome>, TMessageKey> = {
  found: 'exercise.found',
  missed: 'exercise.missed',
  harmless: 'exercise.harmless',
};

/** A decorative QR-like square, drawn from the part's id so it stays the same on every visit. */
export function QrPattern({ seed }: { seed: string }) {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  const cells: ReactNode[] = [];
  for (let y = 0; y < 9; y++) {
    for (let x = 0; x < 9; x++) {
      const finder = (x < 3 && y < 3) || (x > 5 && y < 3) || (x < 3 && y > 5);
      hash = Math.imul(hash ^ (x * 31 + y), 16777619);
      if (finder ? !(x % 6 === 1 && y % 6 === 1) : (hash >>> 7) & 1) {
        cells.push(<rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} />);
      }
    }
  }
  return (
    <svg className="mock-qr" viewBox="-1 -1 11 11" aria-hidden="true" focusable="false">
      {cells}
    </svg>
  );
}

/** The paper clip in front of an attachment's file name. */
export function Paperclip() {
  return (
    <svg className="mock-paperclip" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M10.5 4.5v6a2.5 2.5 0 0 1-5 0V3.8a1.8 1.8 0 0 1 3.6 0v6.4a.9.9 0 0 1-1.8 0V5" />
    </svg>
  );
}

function Padlock() {
  return (
    <svg className="mock-padlock" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="10" height="8" rx="1.5" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" strokeWidth="1.8" />
    </svg>
  );
}

/** What a part looks like in its mock: a link with its target, a button, a bubble, a QR code … */
function PartContent({ part }: { part: TMockPart }) {
  const { t } = useI18n();
  const target = part.target && (
    <span className="mock-target">
      {t('exercise.link_target')}: {part.target}
    </span>
  );
  switch (part.role) {
    case 'link':
      return (
        <>
          <span className="mock-link">{part.text}</span>
          {target}
        </>
      );
    case 'button':
      return (
        <>
          <span className="mock-cta">{part.text}</span>
          {target}
        </>
      );
    case 'address':
      return (
        <span className="mock-address">
          <Padlock />
          {part.text}
        </span>
      );
    case 'qr-code':
      return (
        <span className="mock-qr-part">
          <QrPattern seed={part.id} />
          <span>
            <span className="visually-hidden">{t('exercise.qr_code')}: </span>
            {part.text}
            {target}
          </span>
        </span>
      );
    case 'attachment':
      return (
        <span className="mock-attachment">
          <Paperclip />
          <span className="visually-hidden">{t('exercise.attachment')}: </span>
          {part.text}
        </span>
      );
    default:
      return <span>{part.text}</span>;
  }
}

/**
 * One part of a mock. Before checking it is a toggle button (aria-pressed) the learner marks as
 * suspicious; afterwards plain text with its outcome, so the result reads in order.
 */
export function MockPart({
  part,
  marked,
  outcome,
  checked,
  onToggle,
}: {
  part: TMockPart;
  marked: boolean;
  outcome: TPartOutcome;
  checked: boolean;
  onToggle: () => void;
}) {
  const { t } = useI18n();
  const className = `mock-part role-${part.role}${marked ? ' is-marked' : ''}${outcome ? ` part-${outcome}` : ''}`;
  if (!checked) {
    return (
      <button type="button" className={className} aria-pressed={marked} onClick={onToggle} data-part={part.id}>
        <PartContent part={part} />
      </button>
    );
  }
  return (
    <span className={className} data-part={part.id}>
      <PartContent part={part} />
      {outcome && <span className={`part-tag tag-${outcome}`}>{t(OUTCOME_TAG[outcome])}</span>}
    </span>
  );
}
