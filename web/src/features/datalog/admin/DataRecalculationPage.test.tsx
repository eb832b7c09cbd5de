import { Modal } from '@douyinfe/semi-ui-19';
import type { RecalculationState } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { DataRecalculationPage } from './DataRecalculationPage';
import { fwSession, meterTree, recalculationState, recalculationTask } from './test-fixtures';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const START = 1_709_247_600_000;
const END = START + 7_200_000;

/** A server whose state goes through the given answers (the last one repeats). */
function server(states: RecalculationState[], start: () => unknown = () => recalculationTask(2, 0)) {
  let i = 0;
  return fakeServer({
    'datalog.meterTree': () => meterTree(),
    'datalog.recalculationState': () => states[Math.min(i++, states.length - 1)],
    'datalog.recalculation': start,
  });
}

const field = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;
const alertOf = (name: string) => field(name).querySelector('[role=alert]')?.textContent;

describe('DataRecalculationPage', () => {
  it('shows the newest run on opening', async () => {
    const s = server([
      recalculationState({
        state: 'done',
        done: 3,
        total: 3,
        startTime: START,
        endTime: END,
        task: recalculationTask(3, 1),
      }),
    ]);
    renderWithProviders(<DataRecalculationPage />, {
      client: s.client,
      session: fwSession(['datalog_update']),
    });
    expect(await screen.findByText('Done')).toBeTruthy();
    expect(screen.getByText('3 / 3 points done')).toBeTruthy();
    expect(screen.getByText(/^Task #41, started /)).toBeTruthy();
  });

  it('takes the points from /meterEntry, starts and follows the run to done', async () => {
    const s = server([
      recalculationState(),
      recalculationState({ state: 'queued', task: recalculationTask(2, 0) }),
      recalculationState({ state: 'running', done: 1, total: 4, task: recalculationTask(2, 0.25) }),
      recalculationState({ state: 'done', done: 4, total: 4, task: recalculationTask(3, 1) }),
    ]);
    renderWithProviders(<DataRecalculationPage intervalMs={10} />, {
      client: s.client,
      session: fwSession(['datalog_update']),
      route: `/dataRecalculation?pointIds=5,6&startTime=${START}&endTime=${END}`,
    });
    expect(await screen.findByText('No recalculation has run in this project yet')).toBeTruthy();
    expect(within(field('nodes')).getByText('Points from meter entry: #5, #6')).toBeTruthy();
    fireEvent.click(screen.getByText('Start recalculation'));
    await waitFor(() => expect(s.callsOf('datalog.recalculation')).toHaveLength(1));
    expect(s.callsOf('datalog.recalculation')[0]?.body).toEqual({
      nodes: [],
      pointIds: [5, 6],
      startTime: START,
      endTime: END,
      targets: ['energy'],
    });
    expect(await screen.findByText('4 / 4 points done', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
  });

  it('picks nodes in the meter tree and targets; refuses an empty form before calling', async () => {
    const s = server([recalculationState()]);
    renderWithProviders(<DataRecalculationPage />, {
      client: s.client,
      session: fwSession(['datalog_update']),
    });
    await screen.findByText('Main meter');
    fireEvent.click(within(field('targets')).getByText('Energy'));
    fireEvent.click(screen.getByText('Start recalculation'));
    await waitFor(() => expect(alertOf('nodes')).toBe('choose at least one node or point'));
    expect(alertOf('targets')).toBe('choose at least one target');
    expect(s.callsOf('datalog.recalculation')).toHaveLength(0);

    const tick = (name: string) =>
      fireEvent.click(screen.getByText(name).closest('li')?.querySelector('.semi-checkbox') as HTMLElement);
    tick('Main meter');
    tick('Boiler 1');
    fireEvent.click(within(field('targets')).getByText('Cost'));
    await waitFor(() => expect(alertOf('nodes')).toBeUndefined());
    expect(alertOf('targets')).toBeUndefined();
    fireEvent.click(screen.getByText('Start recalculation'));
    await waitFor(() => expect(s.callsOf('datalog.recalculation')).toHaveLength(1));
    expect(s.callsOf('datalog.recalculation')[0]?.body).toMatchObject({
      nodes: [
        { id: 21, modelLabel: 'meter' },
        { id: 31, modelLabel: 'device' },
      ],
      pointIds: [],
      targets: ['cost'],
    });
  });

  it("shows the server's refusal", async () => {
    const s = server([recalculationState()], () =>
      failure(-1, 'a recalculation is already running for this project'),
    );
    renderWithProviders(<DataRecalculationPage />, {
      client: s.client,
      session: fwSession(['datalog_update']),
      route: `/dataRecalculation?pointIds=5&startTime=${START}&endTime=${END}`,
    });
    await screen.findByText('No recalculation has run in this project yet');
    fireEvent.click(screen.getByText('Start recalculation'));
    expect(await screen.findByText('a recalculation is already running for this project')).toBeTruthy();
  });

  it('without datalog_update the start is disabled and says why', async () => {
    renderWithProviders(<DataRecalculationPage />, {
      client: server([recalculationState()]).client,
      session: fwSession([]),
    });
    await screen.findByText('No recalculation has run in this project yet');
    expect(screen.getByText('Start recalculation').closest('button')?.disabled).toBe(true);
    expect(screen.getByText(/You may not edit data logs/)).toBeTruthy();
  });
});
