/**
 * One panel of the waveform viewer: three channels over the zoomed time window as SVG
 * polylines (min/max envelopes), the two cursors A and B, and the mouse: dragging a cursor
 * moves it, dragging elsewhere selects a window to zoom into, a click puts cursor A there
 * (with Shift: cursor B).
 */
import { Typography } from '@douyinfe/semi-ui-19';
import { type PointerEvent, useRef, useState } from 'react';
import { formatNumber } from '../../../../app/format';
import { useChartTheme } from '../../../../theme/chart-palettes';
import { envelope, type WaveSeries } from './wave-math';

export interface ChartChannel {
  name: string;
  unit: string;
  series: WaveSeries;
}

export type CursorName = 'a' | 'b';

export interface WaveChartProps {
  title: string;
  channels: readonly ChartChannel[];
  /** The window shown, seconds from the recording's start. */
  view: readonly [number, number];
  cursors: Readonly<Record<CursorName, number>>;
  onCursor: (name: CursorName, t: number) => void;
  onZoom: (from: number, to: number) => void;
  height?: number;
}

const WIDTH = 1000;

export function WaveChart({
  title,
  channels,
  view,
  cursors,
  onCursor,
  onZoom,
  height = 200,
}: WaveChartProps) {
  const theme = useChartTheme();
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<
    { kind: 'cursor'; name: CursorName } | { kind: 'zoom'; from: number; to: number } | null
  >(null);
  const [from, to] = view;
  const span = to - from;
  const all = channels.flatMap((c) => envelope(c.series, from, to, WIDTH / 2));
  const top = Math.max(1e-9, ...all.map((p) => Math.max(Math.abs(p.min), Math.abs(p.max))));
  // RMS values are never negative: they are drawn from zero, with some headroom.
  const positive = all.every((p) => p.min >= 0);
  const x = (t: number) => ((t - from) / span) * WIDTH;
  const y = (v: number) =>
    positive ? height - 6 - (v / (top * 1.15)) * (height - 12) : height / 2 - (v / top) * (height / 2 - 6);

  const timeOf = (event: PointerEvent<SVGSVGElement>) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0) return from;
    const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    return from + ratio * span;
  };

  const onDown = (event: PointerEvent<SVGSVGElement>) => {
    const t = timeOf(event);
    const near = (['a', 'b'] as const).find((name) => Math.abs((cursors[name] ?? -1) - t) < span * 0.01);
    (event.target as Element).setPointerCapture?.(event.pointerId);
    setDrag(near ? { kind: 'cursor', name: near } : { kind: 'zoom', from: t, to: t });
  };
  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const t = timeOf(event);
    if (drag.kind === 'cursor') onCursor(drag.name, t);
    else setDrag({ ...drag, to: t });
  };
  const onUp = (event: PointerEvent<SVGSVGElement>) => {
    if (drag?.kind === 'zoom') {
      if (Math.abs(drag.to - drag.from) > span * 0.01)
        onZoom(Math.min(drag.from, drag.to), Math.max(drag.from, drag.to));
      else onCursor(event.shiftKey ? 'b' : 'a', drag.from);
    }
    setDrag(null);
  };

  return (
    <div className="eem-wave-chart" style={{ marginBottom: 12 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Typography.Text strong>{title}</Typography.Text>
        {channels.map((c, i) => (
          <span key={c.name} style={{ color: theme.palette[i] }}>
            ■ {c.name}
          </span>
        ))}
        <Typography.Text type="tertiary" size="small" style={{ marginLeft: 'auto' }}>
          {positive ? '0 – ' : '±'}
          {formatNumber(top, 1)} {channels[0]?.unit ?? ''}
        </Typography.Text>
      </div>
      <svg
        ref={svg}
        role="img"
        aria-label={title}
        data-testid="wave-chart"
        viewBox={`0 0 ${WIDTH} ${height}`}
        preserveAspectRatio="none"
        style={{ width: '100%', height, cursor: 'crosshair', touchAction: 'none', display: 'block' }}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={height / 2}
          y2={height / 2}
          stroke={theme.grid}
          vectorEffect="non-scaling-stroke"
        />
        {[0.25, 0.75].map((f) => (
          <line
            key={f}
            x1={0}
            x2={WIDTH}
            y1={height * f}
            y2={height * f}
            stroke={theme.grid}
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {channels.map((c, i) => {
          const points = envelope(c.series, from, to, WIDTH / 2);
          const line = points
            .flatMap((p) => [
              `${x(p.t).toFixed(1)},${y(p.max).toFixed(1)}`,
              `${x(p.t).toFixed(1)},${y(p.min).toFixed(1)}`,
            ])
            .join(' ');
          return (
            <polyline
              key={c.name}
              data-channel={c.name}
              points={line}
              fill="none"
              stroke={theme.palette[i]}
              strokeWidth={1.2}
              vectorEffect="non-scaling-stroke"
            />
          );
        })}
        {(['a', 'b'] as const).map((name) => {
          const t = cursors[name];
          if (t < from || t > to) return null;
          return (
            <line
              key={name}
              data-cursor={name}
              x1={x(t)}
              x2={x(t)}
              y1={0}
              y2={height}
              stroke={theme.text}
              strokeWidth={name === 'a' ? 1.5 : 1}
              strokeDasharray={name === 'a' ? undefined : '6 4'}
              vectorEffect="non-scaling-stroke"
            />
          );
        })}
        {drag?.kind === 'zoom' && (
          <rect
            x={x(Math.min(drag.from, drag.to))}
            width={Math.abs(x(drag.to) - x(drag.from))}
            y={0}
            height={height}
            fill={theme.palette[0]}
            opacity={0.15}
          />
        )}
      </svg>
    </div>
  );
}
