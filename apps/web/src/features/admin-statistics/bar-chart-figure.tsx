import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '../../lib/i18n.tsx';
import { useNumberFormat } from './stats-figures.tsx';

export interface TChartBar<K extends string> {
  key: K;
  name: string;
  /** Portal colours with WCAG AA contrast against white. */
  colour: string;
}

export interface TChartRow<K extends string> {
  id: string;
  /** Short label on the axis (e.g. "03.2026"). */
  axis: string;
  /** Full label in the tooltip and the table (e.g. "01.03.2026 – 31.03.2026"). */
  label: string;
  values: Record<K, number>;
}

export const COLOURS = {
  grey: '#66707a',
  orange: '#b35c00',
  green: '#1b6e2d',
  blue: '#0b4f8a',
  purple: '#6b3fa0',
};

/**
 * A bar chart as a figure: the picture is for sighted people (aria-hidden, no keyboard layer),
 * the same numbers are in the table below it for screen readers and keyboard users.
 */
export function BarChartFigure<K extends string>({
  title,
  hint,
  rowHeader,
  rows,
  bars,
}: {
  title: string;
  hint?: string;
  /** Heading of the first table column. */
  rowHeader: string;
  rows: TChartRow<K>[];
  bars: TChartBar<K>[];
}) {
  const t = useT();
  const { number } = useNumberFormat();
  const data = rows.map((row) => ({ axis: row.axis, label: row.label, ...row.values }));
  return (
    <figure className="chart card">
      <figcaption>
        <h2>{title}</h2>
        {hint && <p className="muted">{hint}</p>}
      </figcaption>
      <div className="chart-area" aria-hidden="true">
        <ResponsiveContainer width="100%" height={300}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="axis" />
            <YAxis allowDecimals={false} tickFormatter={(value: number) => number(value)} />
            <Tooltip
              labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ''}
              formatter={(value) => number(Number(value))}
            />
            <Legend />
            {bars.map((bar) => (
              <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={bar.colour} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t('admin_stats.as_table')}</summary>
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{rowHeader}</th>
                {bars.map((bar) => (
                  <th key={bar.key} scope="col">
                    {bar.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.label}</th>
                  {bars.map((bar) => (
                    <td key={bar.key}>{number(row.values[bar.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
