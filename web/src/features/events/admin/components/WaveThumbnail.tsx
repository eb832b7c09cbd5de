/**
 * A small picture of an event's recording: the half-cycle RMS of the three voltages (pq.wave)
 * as tiny SVG polylines. Loaded when the row scrolls into view.
 */
import { Spin } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useQueries } from '../../../../app/client';
import { useChartTheme } from '../../../../theme/chart-palettes';
import { envelope } from './wave-math';

const WIDTH = 120;
const HEIGHT = 32;

export function WaveThumbnail({ eventId, label }: { eventId: number; label: string }) {
  const queries = useQueries();
  const { palette } = useChartTheme();
  const box = useRef<HTMLSpanElement>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = box.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  const wave = useQuery({
    ...queries.pq.wave({ body: { eventId } }),
    enabled: seen,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const voltages = (wave.data?.channels ?? []).filter((c) => c.name.startsWith('U')).slice(0, 3);
  const top = Math.max(1, ...voltages.flatMap((c) => c.rms));

  return (
    <span ref={box} style={{ display: 'inline-block', width: WIDTH, height: HEIGHT }}>
      {wave.isFetching && voltages.length === 0 ? (
        <Spin size="small" />
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
