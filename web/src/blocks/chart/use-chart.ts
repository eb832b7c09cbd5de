/**
 * Drawing a chart spec into a host element with VChart loaded on demand, in parts: the engine
 * of the spec's type (and with it the VChart core) is imported when the first chart of that
 * type is drawn, never by a screen that only imports the blocks. `basic` picks the engine by
 * the spec's type (pie, sankey, waterfall, else line and bar); `trend` adds the common chart
 * and the markers. The handle exports the chart as PNG.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { ChartHandle, ChartParts, ChartSpec } from './vchart-engine';

export type EngineKind = 'basic' | 'trend';

type Engine = { drawChart: (dom: HTMLElement, spec: ChartSpec) => ChartHandle };

/** The parts a spec needs: only its chart type and components are loaded. */
export function engineOf(kind: EngineKind, type: string): ChartParts {
  if (kind === 'trend') return 'trend';
  return type === 'pie' || type === 'sankey' || type === 'waterfall' ? type : 'cartesian';
}

/** The VChart core with the parts of a chart type registered. */
async function loadEngine(parts: ChartParts): Promise<Engine> {
  const core = await import('./vchart-engine');
  await core.loadParts(parts);
  return core;
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
  /** The engine loaded (its registrations are global: each is imported at most once). */
  const [loaded, setLoaded] = useState<string | null>(null);
  const needed = engineOf(kind, spec.type);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);

  // The engine of the spec's type is loaded when there is first something of it to draw.
  useEffect(() => {
    if (!active || loaded === needed) return;
    let live = true;
    loadEngine(needed).then(
      (loadedEngine) => {
        if (!live) return;
        engine.current = loadedEngine;
        setLoaded(needed);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [active, needed, loaded]);

  // The latest spec is drawn whenever the engine is there.
  useEffect(() => {
    const dom = host.current;
    if (!active || !dom) {
      chart.current?.release();
      chart.current = null;
      setDrawn(false);
      return;
    }
    if (loaded !== needed || !engine.current) return;
    if (chart.current && !redraw) chart.current.update(spec);
    else {
      chart.current?.release();
      chart.current = engine.current.drawChart(dom, spec);
    }
    setDrawn(true);
  }, [host, spec, active, loaded, needed, redraw]);

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
