import { listMessages } from '@meridian/shared';
import { type MouseEvent, useState } from 'react';
import { cn } from '../../lib/cn';
import { type Column, DataTable } from './data-table';

export interface ChartSeries<T> {
  key: string;
  label: string;
  value: (point: T) => number;
  /** Bars stand side by side in each slot; a line joins the slots' centres. */
  kind: 'bar' | 'line';
  /** The mark's colour: `fill-*` for a bar, `stroke-*` for a line (with their dark: variants). */
  markClassName: string;
  /** The legend swatch's colour: `bg-*`. */
  swatchClassName: string;
}

interface BarLineChartProps<T> {
  /** Names the chart and its table. */
  title: string;
  /** What the chart shows, in one sentence, for screen readers (the table holds every figure). */
  summary: string;
  data: readonly T[];
  series: readonly ChartSeries<T>[];
  pointKey: (point: T) => string;
  /** The table's first column header ('Day'). */
  pointHeader: string;
  /** A point's full name ('Nov 3, 2026'), in the tooltip and the table. */
  pointLabel: (point: T) => string;
  /** A short name under the axis ('Nov 3'). */
  pointTick?: (point: T) => string;
  formatValue: (value: number) => string;
  /** The axis' figures, shorter than the table's ('$1.2K'). */
  formatTick?: (value: number) => string;
  /** The smallest gap between two figures of the axis, in the values' unit (100: a dollar of cents). */
  minTickStep?: number;
  className?: string;
}

/** Plot units: each point gets a slot this wide; the plot is this tall (stretched to the box). */
const SLOT = 10;
const HEIGHT = 100;
/** At most this many figures on the value axis: at the plot's smallest height (11 rem) they stay apart. */
const MAX_TICKS = 6;

/**
 * The value axis: round figures (1, 2, 2.5 or 5 times a power of ten, and at least `minStep` apart)
 * evenly spaced from below the smallest value to above the largest, zero among them. Evenly spaced
 * labels cannot overlap, as '-$200' did on '$0' when the axis was labelled at its ends and at zero;
 * the plot spans the first to the last tick.
 */
export function axisTicks(smallest: number, largest: number, minStep = 1): number[] {
  const bottom = Math.min(0, smallest);
  const top = Math.max(0, largest);
  if (top === bottom) return [0];
  const raw = (top - bottom) / (MAX_TICKS - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const step of [1, 2, 2.5, 5, 10, 20].map((m) => Math.max(minStep, m * power))) {
    const first = Math.floor(bottom / step) * step;
    const last = Math.ceil(top / step) * step;
    const count = Math.round((last - first) / step) + 1;
    if (count <= MAX_TICKS) return Array.from({ length: count }, (_, i) => first + i * step);
  }
  return [bottom, top];
}

/**
 * A small SVG chart of bars and lines over a shared zero line, drawn without a chart library. Text
 * stays HTML (the plot stretches to any width), a pointer shows a point's figures, and the same
 * figures are one click away as a table for keyboards and screen readers.
 */
export function BarLineChart<T>({
  title,
  summary,
  data,
  series,
  pointKey,
  pointHeader,
  pointLabel,
  pointTick = pointLabel,
  formatValue,
  formatTick = formatValue,
  minTickStep = 1,
  className,
}: BarLineChartProps<T>) {
  const [active, setActive] = useState<number | null>(null);
  const values = data.flatMap((point) => series.map((s) => s.value(point)));
  const ticks = axisTicks(Math.min(0, ...values), Math.max(0, ...values), minTickStep);
  const bottom = ticks[0] ?? 0;
  // With nothing but zeros the one tick, zero, sits on the plot's floor.
  const top = ticks.length > 1 ? (ticks[ticks.length - 1] ?? 0) : bottom + 1;
  const span = top - bottom;
  const y = (value: number) => ((top - value) / span) * HEIGHT;
  const width = Math.max(data.length, 1) * SLOT;
  const bars = series.filter((s) => s.kind === 'bar');
  const lines = series.filter((s) => s.kind === 'line');
  const barWidth = (SLOT * 0.7) / Math.max(bars.length, 1);
  const tickPercent = (value: number) => (y(value) / HEIGHT) * 100;

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const index = Math.floor(((event.clientX - box.left) / box.width) * data.length);
    setActive(index >= 0 && index < data.length ? index : null);
  };
  const activePoint = active === null ? undefined : data[active];

  const columns: Column<T>[] = [
    { key: 'point', header: pointHeader, rowHeader: true, cell: pointLabel, className: 'whitespace-nowrap' },
    ...series.map((s) => ({ key: s.key, header: s.label, numeric: true, cell: (p: T) => formatValue(s.value(p)) })),
  ];

  return (
    <figure className={cn('flex flex-col gap-3', className)}>
      <figcaption className="sr-only">{title}</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className={cn('inline-block rounded-sm', s.kind === 'line' ? 'h-0.5 w-4' : 'size-2.5', s.swatchClassName)}
            />
            {s.label}
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          className="relative w-14 shrink-0 text-right text-[0.6875rem] text-slate-500 tabular-nums dark:text-slate-400"
        >
          {ticks.map((tick) => (
            <span
              key={tick}
              data-axis-tick=""
              className="absolute right-0 -translate-y-1/2 whitespace-nowrap"
              style={{ top: `${tickPercent(tick)}%` }}
            >
              {formatTick(tick)}
            </span>
          ))}
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only tooltip; the table carries every figure */}
        <div className="relative h-44 min-w-0 flex-1 sm:h-56" onMouseMove={onMove} onMouseLeave={() => setActive(null)}>
          <svg
            role="img"
            aria-label={summary}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="size-full overflow-visible"
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={width}
                y1={(tickPercent(tick) / 100) * HEIGHT}
                y2={(tickPercent(tick) / 100) * HEIGHT}
                vectorEffect="non-scaling-stroke"
                className="stroke-slate-200 dark:stroke-slate-800"
              />
            ))}
            {active !== null && (
              <rect
                x={active * SLOT}
                y={0}
                width={SLOT}
                height={HEIGHT}
                className="fill-slate-100 dark:fill-slate-800/70"
              />
            )}
            {data.map((point, index) =>
              bars.map((s, b) => {
                const value = s.value(point);
                return (
                  <rect
                    key={`${pointKey(point)}-${s.key}`}
                    x={index * SLOT + SLOT * 0.15 + b * barWidth}
                    y={Math.min(y(value), y(0))}
                    width={barWidth}
                    height={Math.abs(y(value) - y(0))}
                    className={s.markClassName}
                  />
                );
              }),
            )}
            <line
              x1={0}
              x2={width}
              y1={y(0)}
              y2={y(0)}
              vectorEffect="non-scaling-stroke"
              className="stroke-slate-400 dark:stroke-slate-600"
            />
            {lines.map((s) => (
              <polyline
                key={s.key}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                className={s.markClassName}
                points={data.map((point, index) => `${index * SLOT + SLOT / 2},${y(s.value(point))}`).join(' ')}
              />
            ))}
          </svg>
          {activePoint !== undefined && active !== null && (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute top-2 z-10 w-max max-w-56 rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900"
              style={
                active < data.length / 2
                  ? { left: `${((active + 1) / data.length) * 100}%` }
                  : { right: `${((data.length - active) / data.length) * 100}%` }
              }
            >
              <p className="font-semibold text-slate-900 dark:text-white">{pointLabel(activePoint)}</p>
              {series.map((s) => (
                <p key={s.key} className="flex justify-between gap-4 text-slate-600 dark:text-slate-300">
                  <span>{s.label}</span>
                  <span className="tabular-nums">{formatValue(s.value(activePoint))}</span>
                </p>
              ))}
            </div>
          )}
        </div>
      </div>
      {data.length > 0 && (
        <div
          aria-hidden="true"
          className="ml-16 flex justify-between text-[0.6875rem] text-slate-500 tabular-nums dark:text-slate-400"
        >
          <span>{pointTick(data[0] as T)}</span>
          {data.length > 2 && <span>{pointTick(data[Math.floor(data.length / 2)] as T)}</span>}
          <span>{pointTick(data[data.length - 1] as T)}</span>
        </div>
      )}
      <details className="group text-sm">
        <summary className="w-fit cursor-pointer rounded font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300">
          {listMessages.showAsTable}
        </summary>
        <DataTable
          caption={title}
          columns={columns}
          rows={data}
          rowKey={pointKey}
          empty="—"
          className="mt-3 max-h-80"
        />
      </details>
    </figure>
  );
}
