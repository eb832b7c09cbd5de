/**
 * Drawing a chart spec into a host element with VChart loaded on demand: the engine module
 * (and with it the VChart chunk) is imported when the first chart of its kind is drawn, never
 * by a screen that only imports the blocks. `basic` holds line, bar and pie; `trend` adds the
 * common chart and the markers. The handle exports the chart as PNG.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { ChartHandle, ChartSpec } from './vchart-engine';

export type EngineKind = 'basic' | 'trend';

type Engine = { drawChart: (dom: HTMLElement, spec: ChartSpec) => ChartHandle };

function loadEngine(kind: EngineKind): Promise<Engine> {
  return kind === 'trend' ? import('./trend-engine') : import('./vchart-engine');
}

export interface DrawnChart {
  /** Saves the drawn chart as `<name>.png` (nothing while none is drawn). */
  exportPng: (name: string) => Promise<void>;
  /** True once a chart is on screen. */
  drawn: boolean;
  /** The engine could not be loaded (the chunk failed). */
  failed: boolean;
}

/**
 * Draws `spec` into `host` while `active`; `redraw: true` draws a new chart for each spec (the
 * set of series and axes changes), else the chart is updated in place.
 */
export function useChart(
  host: RefObject<HTMLDivElement | null>,
  spec: ChartSpec,
  { active, kind, redraw = false }: { active: boolean; kind: EngineKind; redraw?: boolean },
): DrawnChart {
  const chart = useRef<ChartHandle | null>(null);
  const engine = useRef<Engine | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);

  // The engine is loaded once, when there is first something to draw.
  useEffect(() => {
    if (!active || engine.current) return;
    let live = true;
    loadEngine(kind).then(
      (loadedEngine) => {
        if (!live) return;
        engine.current = loadedEngine;
        setLoaded(true);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [active, kind]);

  // The latest spec is drawn whenever the engine is there.
  useEffect(() => {
    const dom = host.current;
    if (!active || !dom) {
      chart.current?.release();
      chart.current = null;
      setDrawn(false);
      return;
    }
    if (!loaded || !engine.current) return;
    if (chart.current && !redraw) chart.current.update(spec);
    else {
      chart.current?.release();
      chart.current = engine.current.drawChart(dom, spec);
    }
    setDrawn(true);
  }, [host, spec, active, loaded, redraw]);

  useEffect(
    () => () => {
      chart.current?.release();
      chart.current = null;
    },
    [],
  );

  const exportPng = useCallback(async (name: string) => {
    await chart.current?.exportPng(name);
  }, []);
  return { exportPng, drawn, failed };
}
