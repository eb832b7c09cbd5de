/**
 * The one-line diagram of a graph as SVG: the busbar on top, cabinets (dashed frames) and
 * transformers (two circles) hanging from it, each line with its breaker (a square, filled
 * when closed, empty when open), its meter (a circle) and the meter's U, I, P and PF below
 * (`--` without a value). The conductor below an open breaker is drawn dead (grey, dashed).
 * A meter or device with active alarms (events not yet confirmed) blinks a ring in the colour of
 * its most severe level (theme/alarm-colors.ts); with prefers-reduced-motion the ring stays
 * steady. The diagram is drawn at its own size (text at 12 px and more) and scrolls sideways
 * when the card is narrower. Every element is a button: clicking it (or Enter) selects it.
 * Colours come from the theme.
 */
import type { Graph, GraphElement } from '@eem/contract';
import type { KeyboardEvent, ReactNode } from 'react';
import { useMemo } from 'react';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { useAlarmColors } from '../../../theme/alarm-colors';
import { monitorTexts } from '../texts';
import { DIAGRAM, type DiagramColumn, type DiagramGroup, extraY, layoutDiagram } from './diagram-layout';
import {
  DIAGRAM_QUANTITIES,
  energised,
  formatValue,
  type GraphPoint,
  type LiveState,
  pointName,
  pointsOf,
  pointWith,
} from './live-values';
import './one-line-diagram.css';

const COLOR = {
  text: 'var(--semi-color-text-0)',
  label: 'var(--semi-color-text-2)',
  live: 'var(--semi-color-text-1)',
  dead: 'var(--semi-color-text-3)',
  bus: 'var(--semi-color-primary)',
  frame: 'var(--semi-color-border)',
  closed: 'var(--semi-color-danger)',
  open: 'var(--semi-color-success)',
  background: 'var(--semi-color-bg-1)',
  selected: 'var(--semi-color-primary)',
  highlight: 'var(--semi-color-primary-light-default)',
} as const;

/** A focus ring for the keyboard only (a click leaves none). */

export interface OneLineDiagramProps {
  graph: Graph;
  live: LiveState;
  selectedId: number | null;
  onSelect: (element: GraphElement) => void;
}

/** A name cut to fit its column, with the whole name as the tooltip. */
function short(name: string, max = 22): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

export function OneLineDiagram({ graph, live, selectedId, onSelect }: OneLineDiagramProps) {
  const t = useTexts(monitorTexts);
  const { language } = useLanguage();
  const alarmColors = useAlarmColors();
  const layout = useMemo(() => layoutDiagram(graph.elements), [graph.elements]);
  const { width, height, rows } = layout;

  /** A clickable element: a button for the pointer and the keyboard. */
  const hit = (element: GraphElement, children: ReactNode, extra: Record<string, string> = {}) => {
    const alarm = live.alarm(element.nodeId);
    const label = `${t(`kind.${element.kind}`)} ${element.name}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>
      <g
        key={`hit-${element.nodeId}`}
        role="button"
        tabIndex={0}
        aria-label={
          alarm ? `${label}, ${t('activeAlarms', { count: alarm.count, level: alarm.level })}` : label
        }
        aria-pressed={selectedId === element.nodeId}
        data-node-id={element.nodeId}
        data-kind={element.kind}
        className="eem-diagram-hit"
        style={{ cursor: 'pointer' }}
        onClick={() => onSelect(element)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onSelect(element);
          }
        }}
        {...extra}
      >
        <title>{element.name}</title>
        {children}
      </g>
    );
  };

  /** The blinking ring of an instrument with active alarms, in its most severe level's colour. */
  const alarmRing = (element: GraphElement, x: number, y: number) => {
    const alarm = live.alarm(element.nodeId);
    if (!alarm) return null;
    const r = DIAGRAM.meterRadius + 6;
    return (
      <circle
        cx={x}
        cy={y}
        r={r}
        fill="none"
        stroke={alarmColors.event(alarm.level)}
        strokeWidth={3}
        className="eem-alarm-ring"
        data-alarm-level={alarm.level}
        data-testid="alarm-ring"
      />
    );
  };

  const stroke = (element: GraphElement | null) => (element && selectedId === element.nodeId ? 3 : 1.5);
  const edge = (element: GraphElement | null, color: string) =>
    element && selectedId === element.nodeId ? COLOR.selected : color;

  const values = (x: number, points: readonly GraphPoint[]) => {
    const electric: { key: string; label: string; point: GraphPoint | undefined }[] =
      DIAGRAM_QUANTITIES.filter((q) => pointWith(points, q.dataId)).map((q) => ({
        key: q.label,
        label: q.label,
        point: pointWith(points, q.dataId),
      }));
    // A device without electric quantities shows its first points by name.
    const shown =
      electric.length > 0
        ? electric
        : points.slice(0, DIAGRAM.valueRows).map((p) => ({
            key: String(p.dataId),
            label: short(pointName(p, language), 10),
            point: p,
          }));
    return shown.map((row, i) => {
      const y = rows.valuesY + i * DIAGRAM.valueLine;
      const value = row.point ? live.value(row.point.id) : null;
      return (
        <g key={row.key} data-quantity={row.key} data-point-id={row.point?.id}>
          <text x={x - 64} y={y} fill={COLOR.label} fontSize={12}>
            {row.label}
          </text>
          <text x={x + 64} y={y} fill={COLOR.text} fontSize={12} textAnchor="end" className="eem-live-value">
            {formatValue(row.point, value)}
          </text>
        </g>
      );
    });
  };

  const instrument = (element: GraphElement, x: number, y: number) =>
    hit(
      element,
      element.kind === 'meter' ? (
        <>
          {alarmRing(element, x, y)}
          <circle
            cx={x}
            cy={y}
            r={DIAGRAM.meterRadius}
            fill={selectedId === element.nodeId ? COLOR.highlight : COLOR.background}
            stroke={edge(element, COLOR.live)}
            strokeWidth={stroke(element)}
          />
          <text x={x} y={y + 4} fill={COLOR.text} fontSize={12} textAnchor="middle">
            M
          </text>
        </>
      ) : (
        <>
          {alarmRing(element, x, y)}
          <rect
            x={x - 14}
            y={y - 12}
            width={28}
            height={24}
            rx={4}
            fill={selectedId === element.nodeId ? COLOR.highlight : COLOR.background}
            stroke={edge(element, COLOR.live)}
            strokeWidth={stroke(element)}
          />
          <text x={x} y={y + 4} fill={COLOR.text} fontSize={12} textAnchor="middle">
            D
          </text>
        </>
      ),
    );

  const column = (c: DiagramColumn, topY: number) => {
    const { x, line, main } = c;
    const half = DIAGRAM.breakerSize / 2;
    const live_ = energised(line, live);
    const closed = line ? live.closed(line.nodeId) : null;
    const meterTop = rows.meterY - DIAGRAM.meterRadius;
    const below = main ? meterTop : rows.nameY - 4;
    const shows = line ?? main;
    const state = closed === null ? 'unknown' : closed ? 'closed' : 'open';
    return (
      <g key={`col-${line?.nodeId ?? main?.nodeId ?? x}`}>
        {line ? (
          <>
            <line x1={x} y1={topY} x2={x} y2={rows.breakerY - half} stroke={COLOR.live} strokeWidth={2} />
            <line
              x1={x}
              y1={rows.breakerY + half}
              x2={x}
              y2={below}
              stroke={live_ ? COLOR.live : COLOR.dead}
              strokeWidth={2}
              strokeDasharray={live_ ? undefined : '5 4'}
            />
            {hit(
              line,
              <>
                <rect
                  x={x - half - 6}
                  y={rows.breakerY - half - 6}
                  width={DIAGRAM.breakerSize + 12}
                  height={DIAGRAM.breakerSize + 12}
                  fill={selectedId === line.nodeId ? COLOR.highlight : 'transparent'}
                  rx={4}
                />
                <rect
                  x={x - half}
                  y={rows.breakerY - half}
                  width={DIAGRAM.breakerSize}
                  height={DIAGRAM.breakerSize}
                  fill={closed === true ? COLOR.closed : COLOR.background}
                  stroke={edge(
                    line,
                    closed === false ? COLOR.open : closed === true ? COLOR.closed : COLOR.live,
                  )}
                  strokeWidth={selectedId === line.nodeId ? 3 : 2}
                  className="eem-breaker"
                />
              </>,
              { 'data-state': state },
            )}
            <text x={x + half + 8} y={rows.breakerY + 4} fill={COLOR.label} fontSize={12}>
              {closed === null ? '' : closed ? t('closed') : t('open')}
            </text>
          </>
        ) : (
          <line x1={x} y1={topY} x2={x} y2={below} stroke={COLOR.live} strokeWidth={2} />
        )}
        {main ? instrument(main, x, rows.meterY) : null}
        {shows ? values(x, pointsOf(graph, shows)) : null}
        {shows ? (
          <text
            x={x}
            y={rows.nameY + 12}
            fill={COLOR.text}
            fontSize={12}
            textAnchor="middle"
            fontWeight={600}
          >
            {short(shows.name)}
          </text>
        ) : null}
        {c.extras.map((e, i) =>
          hit(
            e,
            <>
              <rect
                x={x - 70}
                y={extraY(rows, i)}
                width={140}
                height={18}
                rx={3}
                fill={selectedId === e.nodeId ? COLOR.highlight : COLOR.background}
                stroke={edge(e, COLOR.frame)}
                strokeWidth={stroke(e)}
              />
              <text x={x} y={extraY(rows, i) + 13} fill={COLOR.text} fontSize={12} textAnchor="middle">
                {short(e.name, 20)}
              </text>
            </>,
          ),
        )}
      </g>
    );
  };

  const group = (g: DiagramGroup) => {
    const { element } = g;
    const centre = g.x + g.width / 2;
    const first = g.columns[0]?.x ?? centre;
    const last = g.columns.at(-1)?.x ?? centre;
    if (element.kind === 'transformer') {
      const y = DIAGRAM.transformerY;
      return (
        <g key={`group-${element.nodeId}`}>
          <line x1={centre} y1={DIAGRAM.busY} x2={centre} y2={y - 24} stroke={COLOR.live} strokeWidth={2} />
          {hit(
            element,
            <>
              <rect
                x={centre - 22}
                y={y - 30}
                width={44}
                height={60}
                rx={6}
                fill={selectedId === element.nodeId ? COLOR.highlight : 'transparent'}
              />
              <circle
                cx={centre}
                cy={y - 9}
                r={15}
                fill="none"
                stroke={edge(element, COLOR.live)}
                strokeWidth={2}
              />
              <circle
                cx={centre}
                cy={y + 9}
                r={15}
                fill="none"
                stroke={edge(element, COLOR.live)}
                strokeWidth={2}
              />
            </>,
          )}
          <text x={centre + 24} y={y + 4} fill={COLOR.text} fontSize={12} fontWeight={600}>
            {short(element.name)}
          </text>
          <line x1={centre} y1={y + 24} x2={centre} y2={DIAGRAM.splitY} stroke={COLOR.live} strokeWidth={2} />
          {g.columns.length > 1 ? (
            <line
              x1={first}
              y1={DIAGRAM.splitY}
              x2={last}
              y2={DIAGRAM.splitY}
              stroke={COLOR.live}
              strokeWidth={2}
            />
          ) : null}
          {g.columns.map((c) => column(c, DIAGRAM.splitY))}
        </g>
      );
    }
    if (element.kind === 'cabinet') {
      return (
        <g key={`group-${element.nodeId}`}>
          {hit(
            element,
            <>
              <rect
                x={g.x + 4}
                y={DIAGRAM.groupTop}
                width={g.width - 8}
                height={height - DIAGRAM.groupTop - 8}
                rx={6}
                fill={selectedId === element.nodeId ? COLOR.highlight : 'transparent'}
                stroke={edge(element, COLOR.frame)}
                strokeWidth={stroke(element)}
                strokeDasharray="6 4"
              />
              <text x={centre} y={height - 18} fill={COLOR.label} fontSize={12} textAnchor="middle">
                {short(element.name, 30)}
              </text>
            </>,
          )}
          {g.columns.map((c) => column(c, DIAGRAM.busY))}
        </g>
      );
    }
    return <g key={`group-${element.nodeId}`}>{g.columns.map((c) => column(c, DIAGRAM.busY))}</g>;
  };

  return (
    <div style={{ overflowX: 'auto' }} data-testid="one-line-diagram">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        aria-label={graph.name}
        width={width}
        height={height}
        style={{ display: 'block', fontFamily: 'inherit' }}
      >
        <title>{graph.name}</title>
        {layout.groups.map(group)}
        {layout.bus
          ? hit(
              layout.bus,
              <>
                <rect
                  x={DIAGRAM.marginX - 4}
                  y={DIAGRAM.busY - 30}
                  width={width - 2 * DIAGRAM.marginX + 8}
                  height={38}
                  fill={selectedId === layout.bus.nodeId ? COLOR.highlight : 'transparent'}
                  rx={4}
                />
                <text
                  x={DIAGRAM.marginX}
                  y={DIAGRAM.busY - 12}
                  fill={COLOR.text}
                  fontSize={13}
                  fontWeight={600}
                >
                  {layout.bus.name}
                </text>
                <line
                  x1={DIAGRAM.marginX}
                  y1={DIAGRAM.busY}
                  x2={width - DIAGRAM.marginX}
                  y2={DIAGRAM.busY}
                  stroke={COLOR.bus}
                  strokeWidth={selectedId === layout.bus.nodeId ? 8 : 6}
                  strokeLinecap="round"
                />
              </>,
            )
          : null}
      </svg>
    </div>
  );
}

/** What the breaker squares mean, for the card's header. */
export function DiagramLegend() {
  const t = useTexts(monitorTexts);
  const alarms = useAlarmColors();
  const swatch = (fill: string, edge: string) => (
    <svg width={12} height={12} aria-hidden="true" style={{ verticalAlign: -1, marginRight: 4 }}>
      <rect x={1} y={1} width={10} height={10} fill={fill} stroke={edge} strokeWidth={2} />
    </svg>
  );
  return (
    <span style={{ display: 'inline-flex', gap: 12, fontSize: 12, color: COLOR.label }}>
      <span>
        {swatch(COLOR.closed, COLOR.closed)}
        {t('legendClosed')}
      </span>
      <span>
        {swatch(COLOR.background, COLOR.open)}
        {t('legendOpen')}
      </span>
      <span>
        <svg width={12} height={12} aria-hidden="true" style={{ verticalAlign: -1, marginRight: 4 }}>
          <circle cx={6} cy={6} r={4.5} fill="none" stroke={alarms.events[1]} strokeWidth={2} />
        </svg>
        {t('legendAlarm')}
      </span>
    </span>
  );
}
