import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import {
  checkboxOf,
  chooseOption,
  datalogSession,
  meterTree,
  pointsOf,
  queryBody,
  seriesOf,
} from '../common/test-fixtures';
import { NetworkTrendCurvePage } from './NetworkTrendCurvePage';

const engine = vi.hoisted(() => ({ specs: [] as Record<string, unknown>[], parts: [] as string[] }));
vi.mock('../../../blocks/chart/vchart-engine', () => ({
  // The VChart core is replaced; the parts a chart type needs are only noted.
  loadParts: async (parts: string) => {
    engine.parts.push(parts);
  },
  drawChart: (_dom: HTMLElement, spec: Record<string, unknown>) => {
    engine.specs.push(spec);
    return { update: () => undefined, exportPng: async () => undefined, release: () => undefined };
  },
}));

beforeEach(() => {
  engine.specs = [];
  engine.parts = [];
});
afterEach(cleanup);

const T0 = Date.UTC(2026, 2, 2);

function server() {
  return fakeServer({
    'datalog.meterTree': (r: FakeRequest) =>
      r.url.searchParams.get('scope') === 'network' ? meterTree() : [],
    'datalog.points': pointsOf,
    'datalog.query': (r) => {
      const body = queryBody(r);
      return {
        interval: body.interval,
        timeZone: 'UTC',
        series: body.pointIds.map((id) => seriesOf(id, T0, [id, id + 1])),
      };
    },
  });
}

describe('NetworkTrendCurvePage', () => {
  it('overlays one quantity of the ticked pipe-network nodes, named by their paths', async () => {
    const s = server();
    renderWithProviders(<NetworkTrendCurvePage />, { client: s.client, session: datalogSession() });
    expect(await screen.findByText('Choose pipe-network nodes on the left (at most 6)')).toBeTruthy();
    await screen.findByText('Main pipe 1');
    fireEvent.click(checkboxOf('Main pipe 1'));
    fireEvent.click(checkboxOf('Meter Water 1'));
    // The first quantity the nodes have: flow of the pipe and of the meter.
    await waitFor(() =>
      expect(queryBody(s.callsOf('datalog.query').at(-1) as FakeRequest).pointIds).toEqual([301, 402]),
    );
    expect(s.callsOf('datalog.meterTree')[0]?.url.searchParams.get('scope')).toBe('network');
    await waitFor(() => expect(engine.specs.length).toBeGreaterThan(0));
    expect(engine.parts).toContain('trend');
    const data = engine.specs.at(-1)?.data as { values: { series: string }[] }[];
    expect(data.map((d) => d.values[0]?.series)).toEqual([
      'Berlin Works / Main pipe 1',
      'Berlin Works / Meter Water 1',
    ]);

    chooseOption('quantity', 'Pressure (MPa)');
    await waitFor(() =>
      expect(queryBody(s.callsOf('datalog.query').at(-1) as FakeRequest).pointIds).toEqual([302]),
    );
  });
});
