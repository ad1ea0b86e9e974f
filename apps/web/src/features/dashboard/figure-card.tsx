/** One figure of the dashboard: a label, a big value and an optional context line. */
export function FigureCard({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <div className="figure card">
      <p className="figure-value">{value}</p>
      <p className="figure-label">{label}</p>
      {detail && <p className="figure-detail muted">{detail}</p>}
    </div>
  );
}
