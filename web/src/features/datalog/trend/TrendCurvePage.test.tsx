import { Modal } from '@douyinfe/semi-ui-19';
import type { TrendTemplate } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeServer, fileAnswer, renderWithProviders } from '../../../blocks/test-kit';
import {
  checkboxOf,
  chooseOption,
  datalogSession,
  meterTree,
  modal,
  pointsOf,
  queryBody,
  seriesOf,
} from '../common/test-fixtures';
import { TrendCurvePage } from './TrendCurvePage';

// Canvas drawing cannot run in happy-dom: the engine is replaced, the chart component is real.
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
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const T0 = Date.UTC(2026, 2, 2);

/** Readings of every point asked for: 4 quarter hours, none for the empty points. */
function answer(request: FakeRequest, empty: readonly number[] = []) {
  const body = queryBody(request);
  return {
    interval: body.interval,
    timeZone: 'UTC',
    series: body.pointIds.map((id) =>
      seriesOf(id, T0, empty.includes(id) ? [] : [1 + id, 2 + id, 3 + id, 4 + id]),
    ),
  };
}

function server(extra: Record<string, (r: FakeRequest) => unknown> = {}) {
  return fakeServer({
    'datalog.meterTree': () => meterTree(),
    'datalog.points': pointsOf,
    'datalog.maxNodes': () => 200,
    'datalog.query': (r) => answer(r),
    'datalog.trendTemplates': () => [],
    ...extra,
  });
}

async function tickNode(name: string) {
  await screen.findByText(name);
  fireEvent.click(checkboxOf(name));
}

async function tickPoint(caption: string) {
  fireEvent.click(await within(await screen.findByTestId('point-picker')).findByText(caption));
}

interface Axis {
  orient: string;
  title?: { text?: string };
}

describe('TrendCurvePage', () => {
  it('asks to choose devices and points first', async () => {
    renderWithProviders(<TrendCurvePage />, { client: server().client, session: datalogSession() });
    expect(await screen.findByText('Choose devices in the tree on the left')).toBeTruthy();
    expect(screen.getByText('Choose measurement points')).toBeTruthy();
  });

  it('draws the ticked points with one axis per unit and lists them in the table', async () => {
    const s = server();
    renderWithProviders(<TrendCurvePage />, { client: s.client, session: datalogSession() });
    await tickNode('Meter A1');
    await tickPoint('Active energy (kWh)');
    await tickPoint('Active power (kW)');
    await waitFor(() => expect(s.callsOf('datalog.query').length).toBeGreaterThan(0));
    const sent = queryBody(s.callsOf('datalog.query').at(-1) as FakeRequest);
    expect(sent.pointIds).toEqual([101, 102]);
    expect(sent.interval).toBe('15m');
    expect(s.callsOf('datalog.points')[0]?.body).toEqual({ nodes: [{ id: 11, modelLabel: 'meter' }] });
    await waitFor(() => expect(engine.specs.length).toBeGreaterThan(0));
    expect(engine.parts).toContain('trend');
    const axes = engine.specs.at(-1)?.axes as Axis[];
    expect(axes.slice(1).map((a) => [a.orient, a.title?.text])).toEqual([
      ['left', 'kWh'],
      ['right', 'kW'],
    ]);
    expect(await screen.findByText('Meter A1 · Active energy (kWh)')).toBeTruthy();
    expect(screen.getByText('2026-03-02 00:00')).toBeTruthy();
    expect(screen.getAllByText('102.00').length).toBeGreaterThan(0);

    // The interval changes the query.
    chooseOption('interval', '1 hour');
    await waitFor(
      () => expect(queryBody(s.callsOf('datalog.query').at(-1) as FakeRequest).interval).toBe('1h'),
      { timeout: 8000 },
    );
  });

  it('says when the range has no data', async () => {
    const s = server({ 'datalog.query': (r) => answer(r, [201]) });
    renderWithProviders(<TrendCurvePage />, { client: s.client, session: datalogSession() });
    await tickNode('Meter A2');
    await tickPoint('Active power (kW)');
    expect(await screen.findByText('No data in the chosen range')).toBeTruthy();
  });

  it('refuses more points than the server allows (maxNodes)', async () => {
    const s = server({ 'datalog.maxNodes': () => 1 });
    renderWithProviders(<TrendCurvePage />, { client: s.client, session: datalogSession() });
    await tickNode('Meter A1');
    await screen.findByText('0 / 1 points chosen');
    await tickPoint('Active energy (kWh)');
    await tickPoint('Active power (kW)');
    expect(await screen.findByText('At most 1 points can be chosen')).toBeTruthy();
    expect(screen.getByText('1 / 1 points chosen')).toBeTruthy();
  });

  it('exports up to 6 points as xlsx', async () => {
    const s = server({
      'datalog.exportQuery': () => fileAnswer(new Uint8Array([1]), 'readings.xlsx'),
    });
    renderWithProviders(<TrendCurvePage />, { client: s.client, session: datalogSession() });
    await tickNode('Meter A1');
    await tickPoint('Active energy (kWh)');
    await screen.findByText('Meter A1 · Active energy (kWh)');
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('Exported readings.xlsx')).toBeTruthy();
    const body = s.callsOf('datalog.exportQuery')[0]?.body as { pointIds: number[]; format: string };
    expect(body.pointIds).toEqual([101]);
    expect(body.format).toBe('xlsx');
  });

  it('saves the point set as a template, loads it again (ticking its devices) and deletes it', async () => {
    const templates: TrendTemplate[] = [];
    const s = server({
      'datalog.trendTemplates': () => templates,
      'datalog.saveTrendTemplate': (r) => {
        const body = r.body as { name: string; pointIds: number[]; interval: 'raw' };
        const saved = { id: 9, createdAt: T0, ...body };
        templates.push(saved);
        return saved;
      },
      'datalog.deleteTrendTemplate': () => {
        templates.pop();
        return null;
      },
    });
    const view = renderWithProviders(<TrendCurvePage />, { client: s.client, session: datalogSession() });
    await tickNode('Meter A1');
    await tickPoint('Active power (kW)');
    fireEvent.click(screen.getByRole('button', { name: /Save as template/ }));
    fireEvent.change(await screen.findByLabelText('Template name'), { target: { value: 'Power A1' } });
    fireEvent.click(within(modal()).getByText('Save'));
    expect(await screen.findByText('Template “Power A1” saved')).toBeTruthy();
    expect(s.callsOf('datalog.saveTrendTemplate')[0]?.body).toEqual({
      name: 'Power A1',
      pointIds: [102],
      interval: '15m',
    });

    // A fresh screen loads it: its points are queried and Meter A1 is ticked.
    view.unmount();
    renderWithProviders(<TrendCurvePage />, { client: s.client, session: datalogSession() });
    await waitFor(() => expect(s.callsOf('datalog.trendTemplates').length).toBeGreaterThan(1));
    await screen.findByText('Meter A1');
    chooseOption('template', 'Power A1');
    expect(await screen.findByText('Template “Power A1” loaded')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 / 200 points chosen')).toBeTruthy());
    expect(within(screen.getByTestId('point-picker')).getByText('Meter A1')).toBeTruthy();
    await waitFor(() =>
      expect(s.callsOf('datalog.query').some((c) => queryBody(c).interval === '15m')).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('Delete the template “Power A1”?')).toBeTruthy();
    fireEvent.click((await screen.findAllByText('OK')).at(-1) as HTMLElement);
    expect(await screen.findByText('Template deleted')).toBeTruthy();
    expect(s.callsOf('datalog.deleteTrendTemplate')[0]?.url.searchParams.get('id')).toBe('9');
  });
});
