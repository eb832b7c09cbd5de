import { Modal } from '@douyinfe/semi-ui-19';
import { READING_INTERVAL_MS, renderText, TASK_OPERATION_TYPE, text } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeRequest, fakeServer, fileAnswer, renderWithProviders } from '../../../blocks/test-kit';
import { taskOf } from '../../nodes/test-fixtures';
import { datalogSession, meterTree, modal, pointsOf, queryBody, seriesOf } from '../common/test-fixtures';
import { MeterEntryPage } from './MeterEntryPage';

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
  URL.createObjectURL = vi.fn(() => 'blob:template');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const Q = READING_INTERVAL_MS;
const T0 = Date.UTC(2026, 2, 2);
const END = T0 + 8 * Q;
/** A counter with a gap at step 3 and a fall at step 6. */
const READINGS = [100, 101, 102, null, 104, 105, 103, 106];
const ROUTE = `/meterEntry?nodeId=11&modelLabel=meter&pointId=101&startTime=${T0}&endTime=${END}`;

function server(extra: Record<string, (r: FakeRequest) => unknown> = {}) {
  return fakeServer({
    'datalog.meterTree': () => meterTree(),
    'datalog.points': pointsOf,
    'datalog.query': (r) => {
      const body = queryBody(r);
      const values = body.interval === '15m' ? READINGS.map((v) => (v === null ? null : 1)) : READINGS;
      return { interval: body.interval, timeZone: 'UTC', series: [seriesOf(101, T0, values)] };
    },
    'datalog.edit': (r) => {
      const items = (r.body as { items: { time: number }[] }).items;
      return {
        changed: items.length,
        startTime: Math.min(...items.map((i) => i.time)),
        endTime: Math.max(...items.map((i) => i.time)) + Q,
      };
    },
    'datalog.editLog': () => ({
      total: 1,
      list: [
        {
          id: 1,
          pointId: 101,
          pointName: 'Active energy',
          nodeName: 'Meter A1',
          time: T0,
          oldValue: 100,
          newValue: 99,
          userId: 4,
          userName: 'manager-bj',
          source: 'edit',
          reason: 'meter swap',
          changedAt: END,
        },
      ],
    }),
    ...extra,
  });
}

const editCalls = (s: ReturnType<typeof server>) =>
  s
    .callsOf('datalog.edit')
    .map((c) => c.body as { pointId: number; items: { time: number; value: number | null }[] });

async function opened(s: ReturnType<typeof server>, permissions?: string[]) {
  renderWithProviders(<MeterEntryPage />, {
    client: s.client,
    session: datalogSession(permissions),
    route: ROUTE,
  });
  await screen.findByText('1 gaps, 1 abnormal');
}

describe('MeterEntryPage', () => {
  it('asks for a meter first', async () => {
    renderWithProviders(<MeterEntryPage />, { client: server().client, session: datalogSession() });
    expect(await screen.findByText('Choose a meter in the tree on the left')).toBeTruthy();
  });

  it('opens the linked point and range and marks the gap and the falling counter', async () => {
    const s = server();
    await opened(s);
    const raw = s
      .callsOf('datalog.query')
      .map(queryBody)
      .find((b) => b.interval === 'raw');
    expect(raw).toMatchObject({ pointIds: [101], startTime: T0, endTime: END });
    expect(screen.getByText('Gap')).toBeTruthy();
    expect(screen.getByText('Falls')).toBeTruthy();
    expect(screen.getByText('2026-03-02 00:45')).toBeTruthy();
    // VChart is loaded on demand: the chart is drawn once it is there.
    await waitFor(() => expect(engine.specs.length).toBeGreaterThan(0));
    expect(engine.parts).toContain('trend');
    const spec = engine.specs.at(-1) as { series: { invalidType: string }[]; markPoint: unknown[] };
    expect(spec.series[0]?.invalidType).toBe('break');
    expect(spec.markPoint).toHaveLength(1);
    // Only the problems.
    fireEvent.click(screen.getByText('Only problems'));
    await waitFor(() => expect(screen.queryByText('2026-03-02 00:15')).toBeNull());
    expect(screen.getByText('2026-03-02 00:45')).toBeTruthy();
  });

  it('refuses a negative counter value before the call, saves a good one and offers recalculation', async () => {
    const s = server();
    await opened(s);
    fireEvent.click(screen.getAllByText('Edit')[0] as HTMLElement);
    const input = within(modal()).getByLabelText('Value');
    fireEvent.change(input, { target: { value: '-1' } });
    fireEvent.click(within(modal()).getByText('Save'));
    expect(await within(modal()).findByText('value: a cumulative counter cannot be negative')).toBeTruthy();
    expect(editCalls(s)).toHaveLength(0);
    fireEvent.change(input, { target: { value: '99' } });
    fireEvent.change(within(modal()).getByLabelText('Reason'), { target: { value: 'meter swap' } });
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(editCalls(s)).toHaveLength(1));
    expect(s.callsOf('datalog.edit')[0]?.body).toEqual({
      pointId: 101,
      items: [{ time: T0, value: 99 }],
      reason: 'meter swap',
    });
    const link = (await screen.findByText('Recalculate')).closest('a');
    expect(link?.getAttribute('href')).toBe(
      `/dataRecalculation?pointIds=101&startTime=${T0}&endTime=${T0 + Q}`,
    );
  });

  it('fills a gap by linear interpolation and deletes a reading after confirmation', async () => {
    const s = server();
    await opened(s);
    fireEvent.click(screen.getByText('Fill gap'));
    expect(await within(modal()).findByText(/103\.00/)).toBeTruthy();
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(editCalls(s)).toHaveLength(1));
    expect(editCalls(s)[0]?.items).toEqual([{ time: T0 + 3 * Q, value: 103 }]);

    fireEvent.click(screen.getAllByText('Delete')[1] as HTMLElement);
    expect(await screen.findByText('Delete the reading of 2026-03-02 00:15?')).toBeTruthy();
    fireEvent.click((await screen.findAllByText('OK')).at(-1) as HTMLElement);
    await waitFor(() => expect(editCalls(s)).toHaveLength(2));
    expect(editCalls(s)[1]?.items).toEqual([{ time: T0 + Q, value: null }]);
  });

  it('shows the edit audit of the point', async () => {
    const s = server();
    await opened(s);
    fireEvent.click(screen.getByText('Edit log'));
    expect(await screen.findByText('meter swap')).toBeTruthy();
    expect(s.callsOf('datalog.editLog')[0]?.body).toMatchObject({ pointId: 101 });
  });

  it('imports a workbook as a task, says what it wrote and deleted, and then offers recalculation', async () => {
    let status = 2;
    const outcome = renderText(
      text('import.readings', { rows: 3, written: 2, deleted: 1, dryRun: false }),
      'en',
    );
    const s = server({
      'datalog.importTemplate': () => fileAnswer(new Uint8Array([1]), 'readings template.xlsx'),
      'datalog.import': () => taskOf(51, TASK_OPERATION_TYPE.datalogImport, 2, 0),
      'notices.importProgress': () =>
        taskOf(
          51,
          TASK_OPERATION_TYPE.datalogImport,
          status,
          status === 3 ? 1 : 0.5,
          status === 3 ? outcome : 'checking: 1/3 rows',
        ),
    });
    renderWithProviders(<MeterEntryPage intervalMs={5} />, {
      client: s.client,
      session: datalogSession(),
      route: ROUTE,
    });
    await screen.findByText('1 gaps, 1 abnormal');
    fireEvent.click(screen.getByRole('button', { name: /Import/ }));
    fireEvent.click(within(modal()).getByText('Download template'));
    await waitFor(() => expect(s.callsOf('datalog.importTemplate')).toHaveLength(1));
    fireEvent.change(within(modal()).getByLabelText('Choose file'), {
      target: { files: [new File([new Uint8Array([1, 2])], 'readings.xlsx')] },
    });
    fireEvent.click(within(modal()).getByText('Upload'));
    expect(await screen.findByText('导入中')).toBeTruthy();
    status = 3;
    expect(await screen.findByText('导入成功')).toBeTruthy();
    expect(screen.getByText(outcome)).toBeTruthy();
    expect(s.callsOf('notices.importProgress')[0]?.url.searchParams.get('operationType')).toBe(
      String(TASK_OPERATION_TYPE.datalogImport),
    );
    expect(await screen.findByText('Recalculate')).toBeTruthy();
  });

  it('without datalog_update shows the readings but no edit controls', async () => {
    const s = server();
    await opened(s, []);
    expect(screen.getByText('You may view but not edit data (datalog_update)')).toBeTruthy();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Fill gap')).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
  });
});
