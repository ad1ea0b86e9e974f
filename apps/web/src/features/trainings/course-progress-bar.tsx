import { Label, ProgressBar } from 'react-aria-components';

/** An accessible progress bar (role progressbar with value text) in the portal's colours. */
export function CourseProgressBar({ label, value, valueText }: { label: string; value: number; valueText: string }) {
  return (
    <ProgressBar className="course-progress" value={value} valueLabel={valueText}>
      {({ percentage }) => (
        <>
          <div className="course-progress-labels">
            <Label>{label}</Label>
            <span className="muted">{valueText}</span>
          </div>
          <div className="course-progress-track">
            <div className="course-progress-fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
