import { prehashPassword } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { EVENT_LEVEL_COLORS } from '../../theme/alarm-colors';
import { RealtimeMonitorPage } from './RealtimeMonitorPage';
import { graphTree, realtime, switchRoom } from './test-fixtures';

afterEach(cleanup);

const session = (permissions: string[] = []) => ({
  effectiveProjectId: 2,
  projectId: 2,
  module: 'fw' as const,
  permissions: new Set(permissions),
});

function server(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'monitor.graphTree': () => graphTree(),
    'monitor.graph': () => switchRoom(),
    'monitor.realtime': () => realtime(),
    'datalog.query': (req) => {
      const body = req.body as { startTime: number; endTime: number };
      return {
        interval: 'raw',
        timeZone: 'Asia/Shanghai',
        series: [
          {
            pointId: 3,
            nodeId: 112,
            nodeName: 'Meter AH1-1',
            name: '有功功率',
            unit: 'kW',
            kind: 'instantaneous',
            decimals: 2,
            data: [
              { time: body.startTime, value: 40 },
              { time: body.startTime + 900_000, value: 42 },
            ],
          },
        ],
      };
    },
    ...extra,
  });
}

async function openSwitchRoom() {
  fireEvent.click(await screen.findByText('Switch room 101'));
  return screen.findByTestId('one-line-diagram');
}

const element = (diagram: HTMLElement, nodeId: number) => {
  const found = diagram.querySelector(`[data-node-id="${nodeId}"]`);
  if (!found) throw new Error(`no element ${nodeId}`);
  return found as HTMLElement;
};

describe('RealtimeMonitorPage', () => {
  it('draws the picked graph with live values, -- without one, and breakers closed or open', async () => {
    const s = server();
    renderWithProviders(<RealtimeMonitorPage />, { client: s.client, session: session() });
    const diagram = await openSwitchRoom();
    await waitFor(() => expect(diagram.textContent).toContain('231.5 V'));
    expect(diagram.textContent).toContain('12.3 A');
    expect(diagram.textContent).toContain('45.68 kW');
    expect(diagram.textContent).toContain('0.951');
    expect(diagram.textContent).toContain('--');
    expect(element(diagram, 111).dataset.state).toBe('closed');
    expect(element(diagram, 113).dataset.state).toBe('open');
    // The meter with active alarms has a ring in its level's colour (level 1: accident red);
    // the one without has none.
    const ring = element(diagram, 114).querySelector('[data-testid=alarm-ring]');
    expect(ring?.getAttribute('data-alarm-level')).toBe('1');
    expect([EVENT_LEVEL_COLORS.light[1], EVENT_LEVEL_COLORS.dark[1]]).toContain(ring?.getAttribute('stroke'));
    expect(ring?.getAttribute('class')).toBe('eem-alarm-ring');
    expect(element(diagram, 114).getAttribute('aria-label')).toContain(
      '2 active alarms, most severe level 1',
    );
    expect(element(diagram, 112).querySelector('[data-testid=alarm-ring]')).toBeNull();
    expect(s.callsOf('monitor.graph')[0]?.params).toEqual({ graphId: '100' });
    expect(s.callsOf('monitor.realtime')[0]?.body).toEqual({
      pointIds: [1, 2, 3, 4, 5, 6, 7, 8],
      nodeIds: [111, 113, 121],
    });
  });

  it('opens a side panel with every live quantity and the last hour; no controls without the permission', async () => {
    const s = server();
    renderWithProviders(<RealtimeMonitorPage />, { client: s.client, session: session() });
    const diagram = await openSwitchRoom();
    fireEvent.click(element(diagram, 111));
    const quantities = await screen.findByTestId('live-quantities');
    await waitFor(() => expect(quantities.textContent).toContain('Voltage phase A'));
    expect(quantities.textContent).toContain('231.5 V');
    expect(quantities.textContent).toContain('Power factor');
    await waitFor(() => expect(s.callsOf('datalog.query')).toHaveLength(1));
    const trend = s.callsOf('datalog.query')[0]?.body as Record<string, unknown>;
    expect(trend).toMatchObject({ pointIds: [3], interval: 'raw' });
    expect(Number(trend.endTime) - Number(trend.startTime)).toBe(3_600_000);
    expect(screen.getByText('You may not operate breakers (remote control)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
  });

  it('opens a breaker after the password check and a second confirmation', async () => {
    const s = server({
      'session.operationAuthCheck': () => ({ pass: true, missing: [] }),
      'monitor.remoteControl': () => ({ nodeId: 111, closed: false }),
    });
    renderWithProviders(<RealtimeMonitorPage />, { client: s.client, session: session(['remote_control']) });
    const diagram = await openSwitchRoom();
    fireEvent.click(element(diagram, 111));
    await screen.findByTestId('live-quantities');
    await waitFor(() => expect(screen.getByTestId('breaker-state').textContent).toBe('Closed'));
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const password = await screen.findByLabelText('Password');
    fireEvent.change(password, { target: { value: 'Eem@2026demo' } });
    fireEvent.click(within(document.querySelector('.eem-auth-confirm') as HTMLElement).getByText('OK'));
    await waitFor(() => expect(s.callsOf('session.operationAuthCheck')).toHaveLength(1));
    expect(s.callsOf('session.operationAuthCheck')[0]?.body).toEqual({
      permissions: ['remote_control'],
      mode: 'and',
      password: prehashPassword('Eem@2026demo'),
    });
    expect(s.callsOf('monitor.remoteControl')).toHaveLength(0);
    const confirm = await screen.findByText(
      'Open the breaker of “Line AH1-1”? Everything below it loses power.',
    );
    const modal = confirm.closest('.semi-modal-content') as HTMLElement;
    fireEvent.click(within(modal).getByText('OK'));
    await waitFor(() => expect(s.callsOf('monitor.remoteControl')).toHaveLength(1));
    expect(s.callsOf('monitor.remoteControl')[0]?.body).toEqual({ nodeId: 111, action: 'open' });
    // The live state is read again at once.
    await waitFor(() => expect(s.callsOf('monitor.realtime').length).toBeGreaterThanOrEqual(2));
  });

  it('keeps a refused password check in the dialog and does not act', async () => {
    const s = server({ 'session.operationAuthCheck': () => ({ pass: false, missing: [] }) });
    renderWithProviders(<RealtimeMonitorPage />, { client: s.client, session: session(['remote_control']) });
    const diagram = await openSwitchRoom();
    fireEvent.click(element(diagram, 113));
    await screen.findByTestId('live-quantities');
    await waitFor(() => expect(screen.getByTestId('breaker-state').textContent).toBe('Open'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = document.querySelector('.eem-auth-confirm') as HTMLElement;
    fireEvent.click(within(dialog).getByText('OK'));
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByText('OK'));
    expect(await screen.findByText('Wrong password, or no remote control permission')).toBeTruthy();
    expect(s.callsOf('monitor.remoteControl')).toHaveLength(0);
  });

  it('shows a refused graph as a message, and the empty states', async () => {
    const s = server({ 'monitor.graph': () => failure(4003, 'no permission for this graph') });
    renderWithProviders(<RealtimeMonitorPage />, { client: s.client, session: session() });
    expect(await screen.findByText('Pick a graph on the left')).toBeTruthy();
    await openSwitchRoom().catch(() => undefined);
    expect(await screen.findByText('The graph cannot be opened: no permission for this graph')).toBeTruthy();
    cleanup();
    renderWithProviders(<RealtimeMonitorPage />, {
      client: fakeServer({ 'monitor.graphTree': () => [] }).client,
      session: session(),
    });
    expect(await screen.findByText('This project has no switch room or transformer room')).toBeTruthy();
    cleanup();
    renderWithProviders(<RealtimeMonitorPage />, { client: s.client, session: { effectiveProjectId: 0 } });
    expect(screen.getByText('Choose a project first')).toBeTruthy();
  });
});
