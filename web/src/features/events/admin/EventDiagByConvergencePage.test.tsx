import { Modal } from '@douyinfe/semi-ui-19';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { EventDiagByConvergencePage } from './EventDiagByConvergencePage';
import { eventItem, fwSession, incident } from './test-fixtures';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

function server() {
  const members = [
    eventItem({ id: 11 }),
    eventItem({ id: 12, description: 'Demand 640 kW over 500 kW' }),
    eventItem({ id: 13, status: 3, confirmedBy: 'manager-bj', description: 'Demand 520 kW over 500 kW' }),
  ];
  return fakeServer({
    'events.incidents': () => ({ total: 1, list: [incident()] }),
    'events.incidentDetail': () => members,
    'expert.resolveFaultScenarios': () => [
      {
        id: 3,
        name: 'Compressor start-up peak',
        deviceClassified: 'meter',
        eventClassified: 2,
        logTypes: [704],
        causes: ['all compressors start together'],
        checks: ['stagger the start times'],
        attachments: [],
        updatedAt: 0,
        lockedReason: null,
        plans: [
          {
            id: 4,
            name: 'Peak plan',
            steps: [{ text: 'shed load', role: 'duty' }],
            scenarioIds: [3],
            updatedAt: 0,
            lockedReason: null,
          },
        ],
      },
    ],
    'events.confirm': (req) => ({
      confirmed: (req.body as { events: { eventId: number }[] }).events.map((e) => e.eventId),
      skipped: [],
    }),
  });
}

describe('EventDiagByConvergencePage', () => {
  it('lists incidents, expands the members, and confirms every pending member with a result', async () => {
    const s = server();
    renderWithProviders(<EventDiagByConvergencePage />, {
      client: s.client,
      session: fwSession(['event_confirm']),
    });
    const row = (await screen.findByText('Demand 612 kW over 500 kW')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('member-count').textContent).toBe('3');
    expect(within(row).getByText('20 min')).toBeTruthy();
    expect(within(row).getByText('Main meter')).toBeTruthy();

    fireEvent.click(row.querySelector('.semi-table-expand-icon') as HTMLElement);
    const members = await screen.findByTestId('incident-members-5');
    expect(await within(members).findByText('Demand 640 kW over 500 kW')).toBeTruthy();

    fireEvent.click(within(row).getByText('Diagnose'));
    expect(await screen.findByText('Compressor start-up peak')).toBeTruthy();
    expect(screen.getByText('all compressors start together')).toBeTruthy();
    fireEvent.click(screen.getByText('Confirm all 3 members'));
    await waitFor(() =>
      expect(document.querySelector('[data-field=result] [role=alert]')?.textContent).toBe(
        'the processing result is required',
      ),
    );
    expect(s.callsOf('events.confirm')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Processing result'), {
      target: { value: 'Staggered the starts' },
    });
    fireEvent.click(screen.getByText('Confirm all 3 members'));
    await waitFor(() => expect(s.callsOf('events.confirm')).toHaveLength(1));
    expect(s.callsOf('events.confirm')[0]?.body).toEqual({
      events: [{ eventId: 11 }, { eventId: 12 }],
      mode: 'normal',
      result: 'Staggered the starts',
    });
    expect(await screen.findByText('2 events confirmed')).toBeTruthy();
  });

  it('does not offer the confirm without event_confirm', async () => {
    renderWithProviders(<EventDiagByConvergencePage />, { client: server().client, session: fwSession([]) });
    fireEvent.click(await screen.findByText('Diagnose'));
    expect(await screen.findByText('You may not confirm events (event_confirm)')).toBeTruthy();
    expect(screen.queryByText('Confirm all 3 members')).toBeNull();
  });
});
