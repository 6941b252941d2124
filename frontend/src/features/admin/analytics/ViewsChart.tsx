import { useId } from 'react';
import type { Analytics } from '../api';
import { axisTicks, formatCount, shortDay } from './figures';
import './ViewsChart.css';

const width = 720;
const height = 260;
const margin = { top: 16, right: 12, bottom: 36, left: 48 };

/**
 * Views per day as bars with their numbers on the axis and dates under them. Screen readers get
 * the same figures as a table (the drawing itself is hidden from them).
 */
export function ViewsChart({ daily }: { daily: Analytics['daily'] }) {
  const captionId = useId();
  const ticks = axisTicks(Math.max(...daily.map((day) => day.views), 0));
  const top = ticks.at(-1) || 1;
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const slot = plotWidth / daily.length;
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  // About eight dates under the axis, whatever the range.
  const labelEvery = Math.ceil(daily.length / 8);

  return (
    <figure className="views-chart" aria-labelledby={captionId}>
      <svg viewBox={`0 0 ${width} ${height}`} role="presentation" aria-hidden="true" focusable="false">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} className="chart-grid" />
            <text x={margin.left - 8} y={y(tick)} dy="0.35em" textAnchor="end" className="chart-label">
              {formatCount(tick)}
            </text>
          </g>
        ))}
        {daily.map((day, index) => {
          const x = margin.left + index * slot + (slot - barWidth) / 2;
          const showLabel = (daily.length - 1 - index) % labelEvery === 0;
          return (
            <g key={day.date}>
              <rect x={x} y={y(day.views)} width={barWidth} height={Math.max(0, y(0) - y(day.views))} className="chart-bar">
                <title>{`${shortDay(day.date)}: ${formatCount(day.views)} views`}</title>
              </rect>
              {showLabel && (
                <text x={x + barWidth / 2} y={height - margin.bottom + 18} textAnchor="middle" className="chart-label">
                  {shortDay(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption id={captionId} className="chart-caption">
        Page views per day
      </figcaption>
      <table className="visually-hidden" aria-labelledby={captionId}>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <th scope="row">{shortDay(day.date)}</th>
              <td>{formatCount(day.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
