/**
 * A small line chart of a time series (`{date, value}` points: the v3 headline and follower
 * series), drawn as plain SVG: no library. Its caption says in words what it shows (first and last
 * value, lowest and highest), and the values are listed in a table a person can open, so the chart
 * is never the only way to read them.
 */
import { useId } from 'preact/hooks';
import { formatIsoDate, formatNumber } from '@/components/profile/profile-format';

export interface SeriesPoint {
  date?: string | null;
  value?: number | null;
}

interface Point {
  date: string | null;
  at: number | null;
  value: number;
}

const WIDTH = 320;
const HEIGHT = 72;
const PAD = 4;

/** Points with a number, in time order (as given when their dates do not read). */
export function cleanSeries(points: readonly SeriesPoint[]): Point[] {
  const clean = points
    .filter((point): point is SeriesPoint & { value: number } => Number.isFinite(point.value))
    .map((point) => {
      const at = point.date ? Date.parse(point.date) : Number.NaN;
      return { date: point.date ?? null, at: Number.isNaN(at) ? null : at, value: point.value };
    });
  return clean.every((point) => point.at !== null) ? clean.sort((a, b) => a.at! - b.at!) : clean;
}

function dateWords(point: Point): string {
  return formatIsoDate(point.date) ?? 'date not known';
}

export function seriesSummary(title: string, points: readonly Point[]): string {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (points.length === 1) return `${title}: ${formatNumber(first.value)} (${dateWords(first)})`;
  const values = points.map((point) => point.value);
  return `${title}: ${formatNumber(first.value)} (${dateWords(first)}) to ${formatNumber(last.value)} (${dateWords(last)}); lowest ${formatNumber(Math.min(...values))}, highest ${formatNumber(Math.max(...values))}, ${points.length} points`;
}

export function TimeSeriesChart({ title, points }: { title: string; points: readonly SeriesPoint[] }) {
  const captionId = useId();
  const series = cleanSeries(points);
  if (series.length === 0) return null;
  const values = series.map((point) => point.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const byTime = series.length > 1 && series.every((point) => point.at !== null);
  const start = byTime ? series[0]!.at! : 0;
  const span = byTime ? series[series.length - 1]!.at! - start : series.length - 1;
  const x = (point: Point, index: number) =>
    PAD +
    (span === 0 ? (WIDTH - 2 * PAD) / 2 : ((byTime ? point.at! - start : index) / span) * (WIDTH - 2 * PAD));
  const y = (value: number) =>
    high === low ? HEIGHT / 2 : PAD + (1 - (value - low) / (high - low)) * (HEIGHT - 2 * PAD);
  const coordinates = series.map(
    (point, index) => `${x(point, index).toFixed(1)},${y(point.value).toFixed(1)}`,
  );
  const last = series[series.length - 1]!;
  const summary = seriesSummary(title, series);
  return (
    <figure class="chart">
      <figcaption id={captionId} class="small">
        {summary}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={captionId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        class="chart-svg"
      >
        <title>{summary}</title>
        {series.length > 1 && (
          <>
            <polygon
              class="chart-area"
              points={`${coordinates.join(' ')} ${x(last, series.length - 1).toFixed(1)},${HEIGHT} ${x(series[0]!, 0).toFixed(1)},${HEIGHT}`}
            />
            <polyline class="chart-line" points={coordinates.join(' ')} />
          </>
        )}
        <circle class="chart-dot" cx={x(last, series.length - 1)} cy={y(last.value)} r={3} />
      </svg>
      <details class="chart-values">
        <summary>The {series.length === 1 ? 'value' : `${series.length} values`}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point, index) => (
              <tr key={index}>
                <td>{dateWords(point)}</td>
                <td>{formatNumber(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
