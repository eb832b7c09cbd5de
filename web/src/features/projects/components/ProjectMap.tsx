/**
 * Project pins by longitude and latitude: a plain SVG scatter (equirectangular) of the
 * projects that have coordinates, framed to their extent; a pin's click picks the project.
 */
import { Empty } from '@douyinfe/semi-ui-19';
import { useTexts } from '../../../i18n/texts';
import type { ProjectSummary } from '../queries';
import { projectTexts } from '../texts';

const WIDTH = 1100;
const HEIGHT = 280;
const PAD = 40;

export interface Pin {
  id: number;
  name: string;
  x: number;
  y: number;
}

/** Screen positions of the projects with coordinates, framed with a margin. */
export function pinsOf(projects: readonly ProjectSummary[], width = WIDTH, height = HEIGHT): Pin[] {
  const placed = projects.filter(
    (p): p is ProjectSummary & { longitude: number; latitude: number } =>
      p.longitude !== null && p.latitude !== null,
  );
  if (placed.length === 0) return [];
  const lons = placed.map((p) => p.longitude);
  const lats = placed.map((p) => p.latitude);
  const minLon = Math.min(...lons) - 10;
  const maxLon = Math.max(...lons) + 10;
  const minLat = Math.min(...lats) - 8;
  const maxLat = Math.max(...lats) + 8;
  const sx = (width - 2 * PAD) / (maxLon - minLon);
  const sy = (height - 2 * PAD) / (maxLat - minLat);
  return placed.map((p) => ({
    id: p.id,
    name: p.name,
    x: PAD + (p.longitude - minLon) * sx,
    y: height - PAD - (p.latitude - minLat) * sy,
  }));
}

export function ProjectMap({
  projects,
  alarms,
  selected,
  onPick,
}: {
  projects: readonly ProjectSummary[];
  alarms: ReadonlyMap<number, number>;
  selected: number | null;
  onPick: (id: number) => void;
}) {
  const t = useTexts(projectTexts);
  const pins = pinsOf(projects);
  if (pins.length === 0) return <Empty description={t('noData')} />;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-label={t('map')}
      style={{ width: '100%', height: 'auto', maxHeight: HEIGHT, display: 'block' }}
    >
      {/* No role="img": the project pins inside are buttons (an image's children are not). */}
      <title>{t('map')}</title>
      <rect x={0} y={0} width={WIDTH} height={HEIGHT} rx={8} fill="var(--semi-color-fill-0)" />
      {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => (
        <line
          key={`v${i}`}
          x1={(WIDTH / 10) * i}
          x2={(WIDTH / 10) * i}
          y1={0}
          y2={HEIGHT}
          stroke="var(--semi-color-border)"
          strokeDasharray="4 6"
        />
      ))}
      {[1, 2, 3].map((i) => (
        <line
          key={`h${i}`}
          x1={0}
          x2={WIDTH}
          y1={(HEIGHT / 4) * i}
          y2={(HEIGHT / 4) * i}
          stroke="var(--semi-color-border)"
          strokeDasharray="4 6"
        />
      ))}
      {pins.map((pin) => {
        const alarm = (alarms.get(pin.id) ?? 0) > 0;
        const active = pin.id === selected;
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG pin cannot be a <button>
          <g
            key={pin.id}
            role="button"
            tabIndex={0}
            aria-label={pin.name}
            style={{ cursor: 'pointer' }}
            onClick={() => onPick(pin.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') onPick(pin.id);
            }}
          >
            <circle
              cx={pin.x}
              cy={pin.y}
              r={active ? 9 : 7}
              fill={alarm ? 'var(--semi-color-danger)' : 'var(--semi-color-primary)'}
              stroke="var(--semi-color-bg-0)"
              strokeWidth={2}
            />
            <text x={pin.x + 12} y={pin.y + 4} fontSize={13} fill="var(--semi-color-text-0)">
              {pin.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
