/**
 * LightChartPanel: the home's charts (a line and area curve, a donut, horizontal bars) drawn as
 * SVG from d3-scale and d3-shape instead of VChart (ADR 0029): the same card, palette, 'no
 * data' and 'save as PNG' as ChartPanel. Every name is written in full (wrapped, never cut),
 * the donut's legend gives each slice's share and value, a tooltip follows the pointer or the
 * keyboard (focus the chart, then the arrow keys), and a table read by screen readers holds
 * every value. Other screens keep ChartPanel (VChart).
 */
import { IconDownload } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { formatWithUnit } from '../../app/format';
import { useTexts } from '../../i18n/texts';
import { type ChartTheme, useChartTheme } from '../../theme/chart-palettes';
import { ChartCard } from '../ChartCard';
import type { ChartData } from '../chart/chart-spec';
import { isEmptyChart } from '../chart/chart-spec';
import { saveBlob } from '../save-file';
import { blockTexts } from '../texts';
import {
  BAR,
  barLayout,
  canvasMeasure,
  donutLayout,
  lineLayout,
  type Measure,
  nearestIndex,
  numberOf,
  wrapText,
} from './light-chart-model';
import { lightChartTexts } from './texts';
import './light-chart.css';

export type LightKind = 'line' | 'donut' | 'bars';

export interface LightChartPanelProps {
  kind: LightKind;
  /** Line: categories and series; donut and bars: items. */
  data: ChartData;
  title: string;
  unit?: string;
  height?: number;
  loading?: boolean;
  /** Name of the PNG (without extension); the title by default. */
  fileName?: string;
  /** Whole numbers (counts). */
  integer?: boolean;
  /** Colours by slice or bar instead of the theme's palette. */
  colors?: readonly string[];
}

const FONT_SIZE = 12;
const LINE = 16;

interface Tip {
  x: number;
  y: number;
  title: string;
  rows: { color: string; name: string; value: string }[];
}

/** What a chart kind draws for a width: the SVG, how many items the keys walk, their tips. */
interface Drawn {
  height: number;
  svg: ReactNode;
  count: number;
  /** The item under the pointer (undefined: none of this chart's own, e.g. a line's plot). */
  pointed?: (target: Element, clientX: number) => number | undefined;
  tip: (index: number) => Tip | null;
  /** Rows of the screen readers' table: a name and its values. */
  table: { head: string[]; rows: string[][] };
}

interface DrawProps {
  data: ChartData;
  width: number;
  height: number;
  unit: string;
  integer: boolean;
  theme: ChartTheme;
  colors: readonly string[];
  active: number | null;
  setActive: (index: number | null) => void;
  measure: Measure;
  /** The caller gave colours by item. */
  byItem: boolean;
  labels: { total: string; name: string };
}

/** The width of an element, followed as it changes (the element may come and go). */
function useWidth(host: HTMLDivElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!host) return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(host.clientWidth)));
    observer.observe(host);
    setWidth(Math.floor(host.clientWidth));
    return () => observer.disconnect();
  }, [host]);
  return width;
}

function texts(lines: string[], x: number, y: number, fill: string, anchor: 'start' | 'end' = 'start') {
  return (
    <text x={x} y={y} fill={fill} textAnchor={anchor} fontSize={FONT_SIZE}>
      {lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order
        <tspan key={i} x={x} dy={i === 0 ? 0 : LINE}>
          {l}
        </tspan>
      ))}
    </text>
  );
}

function drawLine(p: DrawProps): Drawn {
  const categories = p.data.categories ?? [];
  const series = p.data.series ?? [];
  // The legend (series names) and the unit on the first line, the plot below.
  const legend: { name: string; x: number }[] = [];
  let x = p.width - 4;
  for (const s of [...series].reverse()) {
    x -= p.measure(s.name) + 18;
    legend.unshift({ name: s.name, x });
    x -= 12;
  }
  const layout = lineLayout(categories, series, { width: p.width, height: p.height }, p.measure, 32);
  const { plot } = layout;
  const active = p.active;
  const svg = (
    <>
      {p.unit ? texts([p.unit], 0, 14, p.theme.text) : null}
      {legend.map((l, i) => (
        <g key={l.name}>
          <rect x={l.x} y={6} width={12} height={4} rx={2} fill={p.colors[i % p.colors.length]} />
          {texts([l.name], l.x + 16, 13, p.theme.text)}
        </g>
      ))}
      {layout.ticks.map((t) => (
        <g key={t.text}>
          <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} stroke={p.theme.grid} />
          <text x={plot.left - 6} y={t.y + 4} fill={p.theme.text} textAnchor="end" fontSize={FONT_SIZE}>
            {t.text}
          </text>
        </g>
      ))}
      {layout.labelled.map((i) => {
        // Centred under its point, kept inside the chart at either end.
        const half = p.measure(categories[i] ?? '') / 2;
        const at = Math.min(Math.max(layout.xs[i] ?? 0, half), p.width - half);
        return (
          <text
            key={categories[i]}
            x={at}
            y={plot.bottom + 16}
            fill={p.theme.text}
            textAnchor="middle"
            fontSize={FONT_SIZE}
          >
            {categories[i]}
          </text>
        );
      })}
      {/* The first series (today) as an area on top, the others as lines beneath it. */}
      {layout.series
        .map((s, i) => (
          <g key={s.name}>
            {i === 0 ? <path d={s.area} fill={p.colors[0]} fillOpacity={0.15} /> : null}
            <path d={s.line} fill="none" stroke={p.colors[i % p.colors.length]} strokeWidth={2} />
          </g>
        ))
        .reverse()}
      {active !== null && layout.xs[active] !== undefined ? (
        <g>
          <line
            x1={layout.xs[active]}
            x2={layout.xs[active]}
            y1={plot.top}
            y2={plot.bottom}
            stroke={p.theme.text}
            strokeOpacity={0.4}
          />
          {layout.series.map((s, i) => {
            const point = s.points[active];
            return point ? (
              <circle
                key={s.name}
                cx={point.x}
                cy={point.y}
                r={4}
                fill={p.colors[i % p.colors.length]}
                stroke={p.theme.background === 'transparent' ? 'white' : p.theme.background}
              />
            ) : null;
          })}
        </g>
      ) : null}
      <rect
        x={plot.left}
        y={plot.top}
        width={Math.max(0, plot.right - plot.left)}
        height={Math.max(0, plot.bottom - plot.top)}
        fill="transparent"
        data-plot=""
      />
    </>
  );
  const textOf = (v: unknown) => formatWithUnit(numberOf(v), p.unit, p.integer ? 0 : 2);
  return {
    height: p.height,
    svg,
    count: categories.length,
    pointed: (target, clientX) => {
      if (!target.hasAttribute('data-plot')) return undefined;
      const box = target.getBoundingClientRect();
      return nearestIndex(layout.xs, plot.left + clientX - box.left);
    },
    tip: (i) => {
      const top = Math.min(...layout.series.map((s) => s.points[i]?.y ?? plot.bottom));
      return {
        x: layout.xs[i] ?? 0,
        y: top,
        title: categories[i] ?? '',
        rows: series.map((s, k) => ({
          color: p.colors[k % p.colors.length] ?? p.theme.text,
          name: s.name,
          value: textOf(s.values[i]),
        })),
      };
    },
    table: {
      head: ['', ...series.map((s) => s.name)],
      rows: categories.map((c, i) => [c, ...series.map((s) => textOf(s.values[i]))]),
    },
  };
}

function drawDonut(p: DrawProps): Drawn {
  const items = p.data.items ?? [];
  const radius = Math.max(24, Math.min(p.height / 2 - 8, p.width * 0.22));
  const { total, slices } = donutLayout(items, radius);
  // The donut and its legend side by side, centred when the chart is wider than they need.
  const legendWidth = Math.min(240, Math.max(60, p.width - 2 * radius - 28));
  const offset = Math.max(0, (p.width - (2 * radius + 28 + legendWidth)) / 2);
  const cx = offset + radius + 4;
  const cy = p.height / 2;
  const left = offset + 2 * radius + 24;
  const textOf = (v: number) => formatWithUnit(v, p.unit, p.integer ? 0 : 2);
  // The legend beside the donut: each slice's full name, then its share and value.
  let y = 0;
  const legend = slices.map((s) => {
    const name = wrapText(s.name, legendWidth - 22 - p.measure(s.share), p.measure);
    const value = wrapText(textOf(s.value), legendWidth - 16, p.measure);
    const item = { slice: s, name, value, y };
    y += (name.length + value.length) * LINE + 6;
    return item;
  });
  const legendHeight = y - 6;
  const height = Math.max(p.height, legendHeight + 8);
  const legendTop = Math.max(4, (height - legendHeight) / 2) + FONT_SIZE;
  const totalText = textOf(total).split(' ')[0] ?? '';
  // The hole (1.2 r across) holds the total when it fits, bold (about a tenth wider).
  const inner = radius * 1.2 - 8;
  const colorOf = (s: { index: number }) => p.colors[s.index % p.colors.length] ?? p.theme.text;
  const svg = (
    <>
      <g transform={`translate(${cx},${height / 2})`}>
        {slices.map((s, i) => (
          <path
            key={s.name}
            d={s.path}
            fill={colorOf(s)}
            opacity={p.active === null || p.active === i ? 1 : 0.45}
            data-index={i}
          />
        ))}
        {p.measure(totalText) * 1.1 <= inner ? (
          <>
            <text y={-2} textAnchor="middle" fill={p.theme.text} fontSize={FONT_SIZE} opacity={0.7}>
              {p.labels.total}
            </text>
            <text y={LINE - 2} textAnchor="middle" fill={p.theme.text} fontSize={FONT_SIZE} fontWeight={600}>
              {totalText}
            </text>
          </>
        ) : null}
      </g>
      {legend.map((l, i) => (
        <g key={l.slice.name} data-index={i} opacity={p.active === null || p.active === i ? 1 : 0.6}>
          <rect x={left} y={legendTop + l.y - 10} width={10} height={10} rx={2} fill={colorOf(l.slice)} />
          {texts(l.name, left + 16, legendTop + l.y, p.theme.text)}
          <text
            x={left + legendWidth}
            y={legendTop + l.y}
            fill={p.theme.text}
            textAnchor="end"
            fontSize={FONT_SIZE}
            fontWeight={600}
          >
            {l.slice.share}
          </text>
          <g opacity={0.75}>
            {texts(l.value, left + 16, legendTop + l.y + l.name.length * LINE, p.theme.text)}
          </g>
        </g>
      ))}
    </>
  );
  return {
    height,
    svg,
    count: slices.length,
    tip: (i) => {
      const s = slices[i];
      if (!s) return null;
      return {
        x: cx,
        y: cy - radius,
        title: s.name,
        rows: [{ color: colorOf(s), name: s.share, value: textOf(s.value) }],
      };
    },
    table: {
      head: [p.labels.name, p.unit, '%'],
      rows: slices.map((s) => [s.name, textOf(s.value), s.share]),
    },
  };
}

function drawBars(p: DrawProps): Drawn {
  const items = p.data.items ?? [];
  const format = (v: number | null) => formatWithUnit(v, p.unit, p.integer ? 0 : 2);
  const inner = p.width - 8;
  const { rows, height: rowsHeight } = barLayout(items, inner, p.measure, format);
  const height = Math.max(p.height, rowsHeight + 8);
  const top = Math.max(4, (height - rowsHeight) / 2) + FONT_SIZE;
  // One series: every bar in its colour, unless the caller colours bars one by one.
  const colorOf = (i: number) => (p.byItem ? p.colors[i % p.colors.length] : p.colors[0]) ?? p.theme.text;
  const svg = (
    <g transform={`translate(4,${top})`}>
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars in rank order; names may repeat
        <g key={i} data-index={i} opacity={p.active === null || p.active === i ? 1 : 0.6}>
          <rect
            x={0}
            y={r.y - FONT_SIZE}
            width={inner}
            height={r.barY + BAR.bar - r.y + FONT_SIZE}
            fill="transparent"
          />
          {texts(r.lines, 0, r.y, p.theme.text)}
          {texts([r.text], inner, r.y, p.theme.text, 'end')}
          <rect
            x={0}
            y={r.barY - 4}
            width={inner}
            height={BAR.bar}
            rx={3}
            fill={p.theme.grid}
            opacity={0.5}
          />
          <rect x={0} y={r.barY - 4} width={r.barWidth} height={BAR.bar} rx={3} fill={colorOf(i)} />
        </g>
      ))}
    </g>
  );
  return {
    height,
    svg,
    count: rows.length,
    tip: (i) => {
      const r = rows[i];
      if (!r) return null;
      // Under the bars, so that it covers no name or value.
      return {
        x: 0,
        y: Math.min(height - 12, top - FONT_SIZE + rowsHeight + 28),
        title: r.name,
        rows: [{ color: colorOf(i), name: '', value: r.text }],
      };
    },
    table: { head: [p.labels.name, p.unit], rows: rows.map((r) => [r.name, r.text]) },
  };
}

const DRAW: Record<LightKind, (p: DrawProps) => Drawn> = { line: drawLine, donut: drawDonut, bars: drawBars };
const EMPTY_KIND = { line: 'line', donut: 'pie', bars: 'pie' } as const;

/** Saves an SVG as a PNG at twice its size, on the card's background. */
async function savePng(svg: SVGSVGElement, name: string, background: string): Promise<void> {
  const xml = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = svg.width.baseVal.value * 2;
  canvas.height = svg.height.baseVal.value * 2;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.scale(2, 2);
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (blob) saveBlob(blob, `${name}.png`);
}

export function LightChartPanel({
  kind,
  data,
  title,
  unit = '',
  height = 260,
  loading,
  fileName,
  integer = false,
  colors,
}: LightChartPanelProps) {
  const t = useTexts(blockTexts);
  const l = useTexts(lightChartTexts);
  const theme = useChartTheme();
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const width = useWidth(host);
  const [active, setActive] = useState<number | null>(null);
  const [font, setFont] = useState('');
  const hint = useId();
  const empty = isEmptyChart(EMPTY_KIND[kind], data);

  useEffect(() => {
    if (host) setFont(getComputedStyle(host).fontFamily);
  }, [host]);
  const measure = useMemo(() => canvasMeasure(`${FONT_SIZE}px ${font || 'sans-serif'}`), [font]);
  const palette = colors ?? theme.palette;
  const byItem = colors !== undefined;
  const drawn = useMemo(
    () =>
      width > 0 && !empty
        ? DRAW[kind]({
            data,
            width,
            height,
            unit,
            integer,
            theme,
            colors: palette,
            active,
            setActive,
            measure,
            byItem,
            labels: { total: l('total'), name: l('name') },
          })
        : null,
    [kind, data, width, height, unit, integer, theme, palette, byItem, active, measure, empty, l],
  );
  const tip = drawn && active !== null ? drawn.tip(active) : null;

  const onKey = (event: KeyboardEvent) => {
    if (!drawn || drawn.count === 0) return;
    const last = drawn.count - 1;
    const current = active ?? -1;
    const next: Record<string, number | null> = {
      ArrowRight: Math.min(last, current + 1),
      ArrowDown: Math.min(last, current + 1),
      ArrowLeft: Math.max(0, current - 1),
      ArrowUp: Math.max(0, current - 1),
      Home: 0,
      End: last,
      Escape: null,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    setActive(next[event.key] ?? null);
  };

  const onPointer = (event: MouseEvent) => {
    if (!drawn || !(event.target instanceof Element)) return;
    const own = drawn.pointed?.(event.target, event.clientX);
    if (own !== undefined) return setActive(own);
    const item = event.target.closest('[data-index]');
    setActive(item ? Number(item.getAttribute('data-index')) : null);
  };

  const name = fileName ?? title;
  const header = (
    <Button
      icon={<IconDownload />}
      theme="borderless"
      disabled={empty || loading || !drawn}
      onClick={() => {
        const svg = svgRef.current;
        if (svg && host)
          void savePng(svg, name, getComputedStyle(host.closest('.semi-card') ?? host).backgroundColor);
      }}
      aria-label={t('savePng')}
      title={t('savePng')}
    />
  );

  return (
    <ChartCard title={title} header={header} height={height} loading={loading} empty={empty}>
      <div ref={setHost} className="eem-light-chart" data-chart={kind} style={{ minHeight: height }}>
        <figure
          aria-label={title}
          aria-describedby={hint}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys walk the chart's values from here
          tabIndex={0}
          className="eem-light-chart-focus"
          onKeyDown={onKey}
          onFocus={() => setActive((a) => a ?? 0)}
          onBlur={() => setActive(null)}
          onMouseMove={onPointer}
          onMouseLeave={() => setActive(null)}
        >
          {drawn ? (
            <svg
              ref={svgRef}
              xmlns="http://www.w3.org/2000/svg"
              width={width}
              height={drawn.height}
              fontFamily={font || 'sans-serif'}
              aria-hidden="true"
              data-drawn=""
            >
              {drawn.svg}
            </svg>
          ) : null}
        </figure>
        <span id={hint} className="eem-sr-only">
          {l('keys', { title })}
        </span>
        {tip ? (
          <div
            className="eem-light-chart-tip"
            role="status"
            style={{
              left: tip.x,
              top: tip.y,
              transform: `translate(${tip.x > width / 2 ? 'calc(-100% - 12px)' : '12px'}, -50%)`,
            }}
          >
            <div className="eem-light-chart-tip-title">{tip.title}</div>
            {tip.rows.map((r) => (
              <div key={`${r.name}-${r.value}`} className="eem-light-chart-tip-row">
                <span className="eem-light-chart-swatch" style={{ background: r.color }} />
                {r.name ? <span>{r.name}</span> : null}
                <strong>{r.value}</strong>
              </div>
            ))}
          </div>
        ) : null}
        {drawn ? (
          <table className="eem-sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                {drawn.table.head.map((h, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  <th key={i} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {drawn.table.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows in the chart's order
                <tr key={i}>
                  {row.map((cell, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                    <td key={k}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </ChartCard>
  );
}
