import { Modal } from '@douyinfe/semi-ui-19';
import type { AnyQueryKey } from '@eem/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageState } from '../DataTable';
import type { FormValues } from '../FormFields';
import { renderWithProviders } from '../test-kit';
import { WorkOrderBoard } from './WorkOrderBoard';
import type { WorkOrderAction, WorkOrderBoardProps, WorkOrderSource } from './work-order-model';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

/**
 * A small repair-order machine, as the operations family will write it in core:
 * to be confirmed → (assign | take) → to be repaired → submit → to be reviewed → pass →
 * completed, or fail → returned → submit again; discard while unconfirmed.
 */
type State = 1 | 2 | 3 | 4 | 5 | 6;
type Act = 'assign' | 'take' | 'discard' | 'submit' | 'pass' | 'fail';
const MACHINE: Record<State, readonly Act[]> = {
  1: ['assign', 'take', 'discard'],
  2: ['submit'],
  3: ['pass', 'fail'],
  4: [],
  5: ['submit'],
  6: [],
};
const STATES = [
  { value: 1 as State, label: 'To be confirmed', color: 'orange' as const },
  { value: 2 as State, label: 'To be repaired', color: 'blue' as const },
  { value: 3 as State, label: 'To be reviewed', color: 'violet' as const },
  { value: 4 as State, label: 'Completed', color: 'green' as const },
  { value: 5 as State, label: 'Returned', color: 'red' as const },
  { value: 6 as State, label: 'Discarded', color: 'grey' as const },
];

interface Order {
  id: number;
  code: string;
  device: string;
  state: State;
  history: { time: number; label: string; by: string; note?: string }[];
}

const T0 = Date.UTC(2026, 4, 20, 2);

function orders(): Order[] {
  const order = (id: number, device: string, state: State): Order => ({
    id,
    code: `RO-${id}`,
    device,
    state,
    history: [{ time: T0 + id * 60_000, label: 'Created', by: 'operator-sh' }],
  });
  return [
    order(1, 'Pump 1', 1),
    order(2, 'Chiller 2', 1),
    order(3, 'Feeder 3', 2),
    order(4, 'Boiler 4', 2),
    order(5, 'Fan 5', 3),
  ];
}

/**
 * A key of the shape the query layer gives (area, endpoint, input): the operations area does not
 * exist yet, so the example machine's keys name it by hand.
 */
const key = (endpoint: string, ...input: unknown[]) =>
  ['repair', endpoint, ...input] as unknown as AnyQueryKey;

/** Where the orders live (the operations endpoints later); every call is noted. */
function memory(list: Order[]) {
  const calls: string[] = [];
  const source: WorkOrderSource<Order, FormValues, { order: Order; history: Order['history'] }, State> = {
    counts: (filters) => ({
      queryKey: key('count', filters),
      queryFn: async () => {
        calls.push('count');
        const out: Partial<Record<State, number>> = {};
        for (const o of list) out[o.state] = (out[o.state] ?? 0) + 1;
        return out;
      },
    }),
    list: (filters, state, page: PageState) => ({
      queryKey: key('query', filters, state, page),
      queryFn: async () => {
        calls.push(`query ${state ?? 'all'}`);
        const shown = list.filter((o) => state === null || o.state === state);
        return { total: shown.length, list: shown.map((o) => ({ ...o })) };
      },
    }),
    detail: (order) => ({
      queryKey: key('detail', order.id),
      queryFn: async () => {
        const found = list.find((o) => o.id === order.id) as Order;
        return { order: { ...found }, history: [...found.history] };
      },
    }),
  };
  const move = (to: State, label: string) => async (chosen: readonly Order[], values: FormValues) => {
    for (const c of chosen) {
      const o = list.find((x) => x.id === c.id) as Order;
      o.state = to;
      o.history.push({
        time: T0 + 3_600_000,
        label,
        by: 'manager-bj',
        ...(values.result ? { note: String(values.result) } : {}),
      });
    }
    calls.push(`${label} ${chosen.map((c) => c.code).join(',')}`);
  };
  const actions: Record<Act, WorkOrderAction<Order>> = {
    assign: { label: 'Assign', permission: 'workorder_assign', run: move(2, 'Assigned') },
    take: { label: 'Take order', permission: 'workorder_take', run: move(2, 'Taken') },
    discard: {
      label: 'Discard',
      permission: 'workorder_discard',
      danger: true,
      confirm: (os) => `Discard ${os.map((o) => o.code).join(', ')}?`,
      run: move(6, 'Discarded'),
    },
    submit: { label: 'Submit', batch: true, run: move(3, 'Submitted') },
    pass: { label: 'Pass', permission: 'workorder_audit', run: move(4, 'Passed') },
    fail: {
      label: 'Fail',
      permission: 'workorder_audit',
      form: {
        fields: [{ field: 'result', label: 'Result', type: 'textarea', required: true }],
        empty: () => ({ result: '' }),
        validate: (v): Record<string, string> =>
          String(v.result ?? '').trim() ? {} : { result: 'result cannot be empty' },
      },
      run: move(5, 'Failed'),
    },
  };
  return { source, actions, calls };
}

function board(
  list: Order[],
  patch: Partial<
    WorkOrderBoardProps<Order, FormValues, { order: Order; history: Order['history'] }, State, Act>
  > = {},
) {
  const { source, actions, calls } = memory(list);
  const print = vi.fn();
  const props: WorkOrderBoardProps<
    Order,
    FormValues,
    { order: Order; history: Order['history'] },
    State,
    Act
  > = {
    'aria-label': 'Repair orders',
    states: STATES,
    allLabel: 'All',
    stateOf: (o) => o.state,
    actionsOf: (state) => MACHINE[state],
    actions,
    source,
    columns: [
      { key: 'code', title: 'Code', width: 120 },
      { key: 'device', title: 'Device', width: 160 },
    ],
    rowKey: (o) => o.id,
    detail: {
      title: (o) => o.code,
      order: (d) => d.order,
      fields: (o) => [{ key: 'device', label: 'Device', value: o.device }],
      timeline: (_o, d) => (d?.history ?? []).map((h) => ({ ...h })),
    },
    print: { max: 3, run: print },
    ...patch,
  };
  return { props, calls, print };
}

const session = (permissions: string[]) => ({ permissions: new Set(permissions) });
const tab = (key: string) => document.querySelector(`[data-tab="${key}"]`) as HTMLElement;
const drawer = () => screen.getByTestId('work-order-detail');
const offered = () =>
  [...(screen.queryByTestId('work-order-actions')?.querySelectorAll('button') ?? [])].map(
    (b) => b.textContent,
  );
const rowOf = (code: string) => screen.getByText(code).closest('tr') as HTMLElement;
const tick = (code: string) => fireEvent.click(rowOf(code).querySelector('.semi-checkbox') as HTMLElement);

describe('WorkOrderBoard', () => {
  it('shows the states as tabs with their counts and lists the orders of a tab', async () => {
    const { props, calls } = board(orders());
    renderWithProviders(<WorkOrderBoard {...props} />, { session: session([]) });
    await screen.findByText('RO-5');
    await waitFor(() => expect(tab('__all').textContent).toBe('All 5'));
    expect(tab('1').textContent).toBe('To be confirmed 2');
    expect(tab('3').textContent).toBe('To be reviewed 1');
    expect(tab('4').textContent).toBe('Completed 0');
    fireEvent.click(tab('2'));
    await waitFor(() => expect(screen.queryByText('RO-1')).toBeNull());
    expect(screen.getByText('RO-3')).toBeTruthy();
    expect(calls).toContain('query 2');
  });

  it('offers in the drawer only what the machine allows the state and the user may do', async () => {
    const { props } = board(orders());
    renderWithProviders(<WorkOrderBoard {...props} />, {
      session: session(['workorder_assign', 'workorder_audit']),
    });
    fireEvent.click(within(await screen.findByText('RO-1').then(() => rowOf('RO-1'))).getByText('Detail'));
    await screen.findByTestId('work-order-detail');
    // To be confirmed: assign (held), not take or discard (permissions not held).
    expect(offered()).toEqual(['Assign']);
    expect(within(drawer()).getByText('Pump 1')).toBeTruthy();
    expect(await within(drawer()).findByText('Created · operator-sh')).toBeTruthy();
    fireEvent.click(document.querySelector('.semi-sidesheet-close') as HTMLElement);

    fireEvent.click(within(rowOf('RO-4')).getByText('Detail'));
    await waitFor(() => expect(offered()).toEqual(['Submit']));
  });

  it('asks a failed review for its result, refuses an empty one, then moves the order and its counts', async () => {
    const list = orders();
    const { props, calls } = board(list);
    renderWithProviders(<WorkOrderBoard {...props} />, { session: session(['workorder_audit']) });
    await screen.findByText('RO-5');
    fireEvent.click(within(rowOf('RO-5')).getByText('Detail'));
    await waitFor(() => expect(offered()).toEqual(['Pass', 'Fail']));
    fireEvent.click(within(screen.getByTestId('work-order-actions')).getByText('Fail'));
    await waitFor(() => expect(document.querySelector('[data-field="result"]')).toBeTruthy());
    const dialog = document.querySelector('.semi-modal-content') as HTMLElement;
    fireEvent.click(within(dialog).getByText('OK'));
    await waitFor(() =>
      expect(document.querySelector('[data-field="result"] [role=alert]')?.textContent).toBe(
        'result cannot be empty',
      ),
    );
    expect(calls.some((c) => c.startsWith('Failed'))).toBe(false);

    fireEvent.change(document.querySelector('[data-field="result"] textarea') as HTMLElement, {
      target: { value: 'Bearing still noisy' },
    });
    fireEvent.click(within(dialog).getByText('OK'));
    await waitFor(() => expect(calls).toContain('Failed RO-5'));
    expect(list.find((o) => o.id === 5)?.state).toBe(5);
    // The drawer shows the order as it is now: returned, to be submitted again, with the result.
    await waitFor(() => expect(offered()).toEqual(['Submit']));
    expect(await within(drawer()).findByText('Bearing still noisy')).toBeTruthy();
    await waitFor(() => expect(tab('5').textContent).toBe('Returned 1'));
    expect(tab('3').textContent).toBe('To be reviewed 0');
  });

  it('offers a batch action only when every chosen order allows it, and print for fewer than the cap', async () => {
    const list = orders();
    const { props, calls, print } = board(list);
    renderWithProviders(<WorkOrderBoard {...props} />, { session: session([]) });
    await screen.findByText('RO-5');
    const toolbar = () => screen.getByText('Print').closest('div') as HTMLElement;
    tick('RO-3');
    tick('RO-4');
    await waitFor(() => expect(within(toolbar()).queryByText('Submit')).toBeTruthy());
    expect(screen.getByText('2 orders chosen')).toBeTruthy();
    tick('RO-1');
    await waitFor(() => expect(within(toolbar()).queryByText('Submit')).toBeNull());
    // Three chosen: print is refused (fewer than 3).
    expect(screen.getByTestId('print-limit').textContent).toBe('Print fewer than 3 orders at a time');
    expect(screen.getByText('Print').closest('button')?.hasAttribute('disabled')).toBe(true);
    tick('RO-1');
    fireEvent.click(screen.getByText('Print'));
    expect(print.mock.calls[0]?.[0].map((o: Order) => o.code)).toEqual(['RO-3', 'RO-4']);

    fireEvent.click(within(toolbar()).getByText('Submit'));
    await waitFor(() => expect(calls).toContain('Submitted RO-3,RO-4'));
    await waitFor(() => expect(tab('3').textContent).toBe('To be reviewed 3'));
    expect(screen.queryByText('2 orders chosen')).toBeNull();
  });

  it('confirms a discard before it runs', async () => {
    const list = orders();
    const { props, calls } = board(list);
    renderWithProviders(<WorkOrderBoard {...props} />, { session: session(['workorder_discard']) });
    await screen.findByText('RO-2');
    fireEvent.click(within(rowOf('RO-2')).getByText('Detail'));
    await waitFor(() => expect(offered()).toEqual(['Discard']));
    fireEvent.click(within(screen.getByTestId('work-order-actions')).getByText('Discard'));
    expect(await screen.findByText('Discard RO-2?')).toBeTruthy();
    expect(calls.some((c) => c.startsWith('Discarded'))).toBe(false);
    fireEvent.click(screen.getAllByText('OK').at(-1) as HTMLElement);
    await waitFor(() => expect(calls).toContain('Discarded RO-2'));
    await waitFor(() => expect(offered()).toEqual([]));
    expect(within(drawer()).getByText('Nothing for you to do now')).toBeTruthy();
  });
});
