import { Modal, Toast } from '@douyinfe/semi-ui-19';
import type { DatalogSeries } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../app/format';
import type { FavouriteSource } from '../NodeTreePicker';
import type { NodeRef } from '../node-tree-model';
import {
  type FakeRequest,
  failure,
  fakeServer,
  fileAnswer,
  renderWithProviders,
  testProject,
} from '../test-kit';
import { AnalysisScreen } from './AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from './analysis-model';

// Canvas drawing cannot run in happy-dom: the engine is replaced (and loaded on demand as the real one).
const engine = vi.hoisted(() => ({ specs: [] as Record<string, unknown>[] }));
vi.mock('../chart/vchart-engine', () => ({
  // The chart types' parts (registered with the real core): nothing to load here.
  loadParts: async () => undefined,
  drawChart: (_dom: HTMLElement, spec: Record<string, unknown>) => {
    engine.specs.push(spec);
    return {
      update: (next: Record<string, unknown>) => engine.specs.push(next),
      exportPng: async () => undefined,
      release: () => undefined,
    };
  },
}));

beforeEach(() => {
  engine.specs = [];
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  Modal.destroyAll();
  Toast.destroyAll();
});

/** The project's zone (Shanghai) is 8 hours from the machine's (UTC in CI). */
const ZONE = 'Asia/Shanghai';
const tree = [
  {
    id: 2,
    modelLabel: 'project',
    name: 'Shanghai Plant',
    children: [
      { id: 11, modelLabel: 'meter', name: 'Meter 1' },
      { id: 12, modelLabel: 'meter', name: 'Meter 2' },
      { id: 13, modelLabel: 'meter', name: 'Meter 3' },
    ],
  },
];

function series(pointId: number, values: number[]): DatalogSeries {
  return {
    pointId,
    nodeId: pointId,
    nodeName: `Meter ${pointId - 10}`,
    name: 'Energy',
    unit: 'kWh',
    kind: 'cumulative',
    decimals: 2,
    data: values.map((value, i) => ({ time: Date.UTC(2026, 4, 19, 16) + i * 3_600_000, value })),
  };
}

/** Readings: this year's are 10 per hour, last year's 8. */
function server(extra: Record<string, (r: FakeRequest) => unknown> = {}) {
  return fakeServer({
    'projects.projects': () => [testProject({ name: 'Shanghai Plant', timeZone: ZONE })],
    'datalog.query': (r) => {
      const body = r.body as { pointIds: number[]; startTime: number; interval: string };
      const lastYear = body.startTime < Date.UTC(2026, 0, 1);
      return {
        interval: body.interval,
        timeZone: ZONE,
        series: body.pointIds.map((id) => series(id, lastYear ? [8, 8] : [10, 10])),
      };
    },
    'datalog.exportQuery': () => fileAnswer(new Uint8Array([80, 75]), 'energy.xlsx'),
    ...extra,
  });
}

const session = { module: 'fw' as const, projectId: 2, effectiveProjectId: 2 };
const useTree = () => ({ data: tree, isPending: false });
const total = (s: readonly DatalogSeries[]) =>
  s.reduce((sum, x) => sum + x.data.reduce((a, d) => a + d.value, 0), 0);

/** An analysis screen as a description: meters (≤ 2), a day range with compare, a bar chart, cards, table, export. */
function Screen({ favourites }: { favourites?: () => FavouriteSource }) {
  const description = useMemo(
    () =>
      defineAnalysis({
        title: 'Energy by meter',
        nodes: {
          title: 'Meters',
          useTree,
          mode: 'multi',
          max: 2,
          selectable: (n) => n.modelLabel === 'meter',
          ...(favourites ? { useFavourites: favourites } : {}),
        },
        range: { granularities: ['day', 'month'], granularity: 'day', preset: 'today', compare: true },
        initial: () => ({ extra: {} }),
        useData: () => null,
        query: {
          endpoint: endpointKey('datalog', 'query'),
          input: ({ selection: { nodes, range } }: AnalysisContext<object, null>) =>
            nodes.length === 0
              ? idle('Choose meters on the left')
              : {
                  body: {
                    pointIds: nodes.map((n) => n.id),
                    startTime: range.start,
                    endTime: range.end,
                    interval: '1h' as const,
                  },
                },
        },
        view: {
          title: 'Energy',
          chart: (answer) => ({
            kind: 'bar',
            unit: 'kWh',
            data: {
              categories: answer.data.series.map((s) => s.nodeName),
              series: [
                { name: 'This period', values: answer.data.series.map((s) => total([s])) },
                ...(answer.compare
                  ? [{ name: 'Last year', values: answer.compare.data.series.map((s) => total([s])) }]
                  : []),
              ],
            },
          }),
          cards: (answer) => [
            { key: 'total', label: 'Total', value: formatNumber(total(answer.data.series)) },
            ...(answer.compare
              ? [
                  {
                    key: 'compare',
                    label: 'Last year',
                    value: formatNumber(total(answer.compare.data.series)),
                  },
                ]
              : []),
          ],
          table: (answer) => ({
            columns: [
              { key: 'nodeName', title: 'Meter' },
              { key: 'total', title: 'Energy (kWh)', align: 'right' as const },
            ],
            rows: answer.data.series.map((s) => ({ id: s.pointId, nodeName: s.nodeName, total: total([s]) })),
            rowKey: (r: { id: number }) => r.id,
            summary: { columns: ['total'], kinds: ['total'] },
          }),
        },
        export: {
          endpoint: endpointKey('datalog', 'exportQuery'),
          input: (q) => ({ body: { ...q.body, format: 'xlsx' as const } }),
          refuse: (q) => (q.body.pointIds.length > 1 ? 'Export one meter at a time' : null),
        },
      }),
    [favourites],
  );
  return <AnalysisScreen description={description} />;
}

const tick = (name: string) => {
  const row = screen.getAllByText(name).at(-1)?.closest('li');
  fireEvent.click(row?.querySelector('.semi-checkbox') as HTMLElement);
};
const bodies = (s: ReturnType<typeof server>) =>
  s.callsOf('datalog.query').map((c) => c.body as { startTime: number; endTime: number; pointIds: number[] });

describe('AnalysisWorkspace', () => {
  it('says what to choose first, with the export in its place but off', async () => {
    const s = server();
    renderWithProviders(<Screen />, { client: s.client, session });
    expect(await screen.findByText('Choose meters on the left')).toBeTruthy();
    expect(screen.getByText('Export').closest('button')?.hasAttribute('disabled')).toBe(true);
    expect(s.callsOf('datalog.query')).toHaveLength(0);
  });

  it('queries the chosen nodes over today of the project’s zone and shows cards, chart and table', async () => {
    const s = server();
    renderWithProviders(<Screen />, { client: s.client, session });
    await screen.findByText('Meter 1');
    // The project's zone is read before anything is asked.
    await waitFor(() =>
      expect(document.querySelector('.eem-analysis')?.getAttribute('data-time-zone')).toBe(ZONE),
    );
    tick('Meter 1');
    tick('Meter 2');
    await waitFor(() => expect(bodies(s)).toHaveLength(1));
    const body = bodies(s)[0];
    // Today in Shanghai: from its midnight (16:00 UTC the day before), 24 hours long.
    expect(((body?.startTime ?? 0) - Date.UTC(2026, 0, 1, 16)) % 86_400_000).toBe(0);
    expect((body?.endTime ?? 0) - (body?.startTime ?? 0)).toBe(86_400_000);
    expect(body?.pointIds).toEqual([11, 12]);

    const cards = await screen.findByTestId('analysis-cards');
    expect(within(cards).getByText('40.00')).toBeTruthy();
    const table = screen.getByTestId('analysis-table');
    expect(within(table).getByText('Meter 2')).toBeTruthy();
    await waitFor(() => expect(engine.specs.length).toBeGreaterThan(0));
    const spec = engine.specs.at(-1) as { type: string; data: { values: { x: string; y: number }[] }[] };
    expect(spec.type).toBe('bar');
    expect(spec.data[0]?.values.map((v) => v.y)).toEqual([20, 20]);

    // The cap of the picker: a third meter is refused.
    tick('Meter 3');
    expect(await screen.findByText('At most 6 nodes can be selected')).toBeTruthy();
    expect(bodies(s).at(-1)?.pointIds).toEqual([11, 12]);
  });

  it('compares with last year by a second call over the same range a year earlier', async () => {
    const s = server();
    renderWithProviders(<Screen />, { client: s.client, session });
    await screen.findByText('Meter 1');
    tick('Meter 1');
    await screen.findByTestId('analysis-cards');
    fireEvent.click(document.querySelector('.eem-select-compare') as HTMLElement);
    fireEvent.click(screen.getByText('Last year (YoY)', { selector: '.semi-select-option-text' }));
    await waitFor(() => expect(bodies(s)).toHaveLength(2));
    const [now, before] = bodies(s);
    expect(new Date(before?.startTime ?? 0).getUTCFullYear()).toBe(
      new Date(now?.startTime ?? 0).getUTCFullYear() - 1,
    );
    expect(((now?.startTime ?? 0) - (before?.startTime ?? 0)) / 86_400_000).toBeGreaterThanOrEqual(365);
    const cards = await screen.findByTestId('analysis-cards');
    await waitFor(() => expect(within(cards).getByText('16.00')).toBeTruthy());
    await waitFor(() =>
      expect(
        (engine.specs.at(-1) as { data: { values: { series: string }[] }[] }).data[0]?.values.map(
          (v) => v.series,
        ),
      ).toContain('Last year'),
    );
  });

  it('shows the server’s refusal in place of the result', async () => {
    const s = server({ 'datalog.query': () => failure(-1, 'the readings store is busy') });
    renderWithProviders(<Screen />, { client: s.client, session });
    await screen.findByText('Meter 1');
    tick('Meter 1');
    expect(await screen.findByText('The query failed: the readings store is busy')).toBeTruthy();
  });

  it('exports through the endpoint’s download twin, and says why when it refuses', async () => {
    const s = server();
    renderWithProviders(<Screen />, { client: s.client, session });
    await screen.findByText('Meter 1');
    tick('Meter 1');
    await screen.findByTestId('analysis-cards');
    fireEvent.click(screen.getByText('Export'));
    await waitFor(() => expect(s.callsOf('datalog.exportQuery')).toHaveLength(1));
    expect(s.callsOf('datalog.exportQuery')[0]?.body).toMatchObject({
      pointIds: [11],
      format: 'xlsx',
      interval: '1h',
    });
    expect(await screen.findByText('Exported energy.xlsx')).toBeTruthy();

    tick('Meter 2');
    expect(await screen.findByTestId('export-limit')).toBeTruthy();
    expect(screen.getByText('Export one meter at a time')).toBeTruthy();
  });

  it('shows the server’s refusal of an export', async () => {
    const s = server({ 'datalog.exportQuery': () => failure(-1, 'the export would hold too many rows') });
    renderWithProviders(<Screen />, { client: s.client, session });
    await screen.findByText('Meter 1');
    tick('Meter 1');
    await screen.findByTestId('analysis-cards');
    fireEvent.click(screen.getByText('Export'));
    expect(await screen.findByText('the export would hold too many rows')).toBeTruthy();
  });

  it('stars nodes into a favourites source and picks from the favourites', async () => {
    const added: string[] = [];
    function useFavourites(): FavouriteSource {
      const [nodes, setNodes] = useState<NodeRef[]>([{ id: 13, modelLabel: 'meter', name: 'Meter 3' }]);
      return {
        nodes,
        add: (n) => {
          added.push(n.name);
          setNodes((list) => [...list, n]);
        },
        remove: (n) => setNodes((list) => list.filter((x) => x.id !== n.id)),
      };
    }
    const s = server();
    renderWithProviders(<Screen favourites={useFavourites} />, { client: s.client, session });
    await screen.findByText('Meter 1');
    fireEvent.click(screen.getByLabelText('Add Meter 1 to favourites'));
    expect(added).toEqual(['Meter 1']);
    fireEvent.click(screen.getByText('Favourites (2)'));
    await waitFor(() => expect(screen.queryByText('Meter 2')).toBeNull());
    tick('Meter 3');
    await waitFor(() => expect(bodies(s).at(-1)?.pointIds).toEqual([13]));
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Remove Meter 1 from favourites'));
    });
    expect(screen.getByText('Favourites (1)')).toBeTruthy();
  });
});
