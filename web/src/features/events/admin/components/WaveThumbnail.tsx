/**
 * A small picture of an event's recording: the half-cycle RMS of the three voltages as tiny
 * SVG polylines. The screen reads the recordings of the whole page in one call (pq.waveRms)
 * and hands each row its own; `loading` while that call runs, a dash when there is none.
 */
import { Spin } from '@douyinfe/semi-ui-19';
import type { WaveRms } from '@eem/contract';
import { INVALID_MARK } from '../../../../app/format';
import { useChartTheme } from '../../../../theme/chart-palettes';
import { envelope } from './wave-math';

const WIDTH = 120;
const HEIGHT = 32;

export function WaveThumbnail({
  wave,
  loading,
  label,
}: {
  wave: WaveRms | undefined;
  loading: boolean;
  label: string;
}) {
  const { palette } = useChartTheme();
  const voltages = (wave?.channels ?? []).filter((c) => c.name.startsWith('U')).slice(0, 3);
  const top = Math.max(1, ...voltages.flatMap((c) => c.rms));

  return (
    <span style={{ display: 'inline-block', width: WIDTH, height: HEIGHT }}>
      {voltages.length === 0 ? (
        loading ? (
          <Spin size="small" />
        ) : (
          INVALID_MARK
        )
      ) : (
        <svg
          width={WIDTH}
          height={HEIGHT}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={label}
          data-testid="wave-thumbnail"
        >
          {voltages.map((c, i) => {
            const duration = 1;
            const points = envelope({ values: c.rms, duration }, 0, duration, WIDTH / 2)
              .map(
                (p) =>
                  `${((p.t / duration) * WIDTH).toFixed(1)},${(HEIGHT - 2 - (p.min / top) * (HEIGHT - 4)).toFixed(1)}`,
              )
              .join(' ');
            return (
              <polyline
                key={c.name}
                points={points}
                fill="none"
                stroke={palette[i] ?? palette[0]}
                strokeWidth={1}
              />
            );
          })}
        </svg>
      )}
    </span>
  );
}
