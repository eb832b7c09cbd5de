/**
 * The phasors of the six channels at a moment: voltages on the full radius, currents on 60 %
 * of it (each group scaled to its largest), angles against Ua, and a table of RMS and angle.
 */
import { Table } from '@douyinfe/semi-ui-19';
import { formatNumber } from '../../../../app/format';
import { useTexts } from '../../../../i18n/texts';
import { useChartTheme } from '../../../../theme/chart-palettes';
import { eventAdminTexts } from '../texts';
import type { Phasor } from './wave-math';
import { wrapAngle } from './wave-math';

export interface ChannelPhasor {
  name: string;
  unit: string;
  phasor: Phasor;
  /** Colour index within its group (0 A, 1 B, 2 C). */
  index: number;
  kind: 'voltage' | 'current';
}

const SIZE = 220;
const R = SIZE / 2 - 16;

export function PhasorDiagram({ phasors }: { phasors: readonly ChannelPhasor[] }) {
  const t = useTexts(eventAdminTexts);
  const theme = useChartTheme();
  const reference = phasors.find((p) => p.kind === 'voltage')?.phasor.angle ?? 0;
  const largest = (kind: ChannelPhasor['kind']) =>
    Math.max(1e-9, ...phasors.filter((p) => p.kind === kind).map((p) => p.phasor.magnitude));
  const maxU = largest('voltage');
  const maxI = largest('current');
  const rows = phasors.map((p) => ({ ...p, angle: wrapAngle(p.phasor.angle - reference) }));
  const c = SIZE / 2;
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={t('phasor')}
        data-testid="phasor-diagram"
      >
        <circle cx={c} cy={c} r={R} fill="none" stroke={theme.grid} />
        <circle cx={c} cy={c} r={R * 0.6} fill="none" stroke={theme.grid} strokeDasharray="3 3" />
        <line x1={c - R} x2={c + R} y1={c} y2={c} stroke={theme.grid} />
        <line x1={c} x2={c} y1={c - R} y2={c + R} stroke={theme.grid} />
        {rows.map((p) => {
          const length =
            p.kind === 'voltage' ? (p.phasor.magnitude / maxU) * R : (p.phasor.magnitude / maxI) * R * 0.6;
          const a = (p.angle * Math.PI) / 180;
          const x = c + length * Math.cos(a);
          const y = c - length * Math.sin(a);
          const color = theme.palette[p.index] ?? theme.text;
          return (
            <g key={p.name} data-phasor={p.name}>
              <line
                x1={c}
                y1={c}
                x2={x}
                y2={y}
                stroke={color}
                strokeWidth={p.kind === 'voltage' ? 2.5 : 1.5}
                strokeDasharray={p.kind === 'current' ? '5 3' : undefined}
              />
              <circle cx={x} cy={y} r={3} fill={color} />
              <text x={x + 4} y={y - 4} fill={color} fontSize={11}>
                {p.name}
              </text>
            </g>
          );
        })}
      </svg>
      <Table
        size="small"
        pagination={false}
        rowKey="name"
        style={{ minWidth: 260 }}
        dataSource={rows}
        columns={[
          { title: t('channel'), dataIndex: 'name', width: 70 },
          {
            title: t('amplitude'),
            dataIndex: 'phasor',
            render: (_: unknown, p: (typeof rows)[number]) =>
              `${formatNumber(p.phasor.magnitude, 1)} ${p.unit}`,
          },
          { title: t('angle'), dataIndex: 'angle', render: (v: number) => `${formatNumber(v, 1)}°` },
        ]}
      />
    </div>
  );
}
