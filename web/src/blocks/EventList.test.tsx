import { Modal } from '@douyinfe/semi-ui-19';
import { EVENT_MESSAGES } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_EXPORTS, EVENT_FETCHERS, EventList } from './EventList';
import { eventSession, testEvent } from './event-list/test-events';
import { fakeServer, fileAnswer, renderWithProviders } from './test-kit';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const pending = testEvent({ id: 11, level: 1 });
const second = testEvent({ id: 12, level: 3, nodeName: 'Meter AH1-1', description: 'AH1-1 offline' });
const done = testEvent({
  id: 13,
  level: 2,
  status: 3,
  confirmedBy: 'manager-bj',
  confirmedAt: pending.time + 60_000,
  result: 'reset the breaker',
});

function server(list = [pending, second, done]) {
  return fakeServer({
    'events.eventLog': () => ({ total: list.length, list }),
    'events.eventLogNoCount': () => ({ list, hasMore: true }),
    'events.event': (r) => list.find((e) => e.id === Number(r.params.id)),
    'events.confirm': (r) => {
      const body = r.body as { events: { eventId: number }[] };
      return { confirmed: body.events.map((e) => e.eventId), skipped: [] };
    },
    'events.relationEvent': () => [pending, second],
    'events.exportEventLog': () => fileAnswer(new Uint8Array([1, 2]), 'events.xlsx'),
    'projects.projects': () => [],
    'nodes.nodeTreeSimpleWithAuth': () => [],
  });
}

const okButton = (dialog: HTMLElement) => dialog.querySelector('button[aria-label=confirm]') as HTMLElement;
const row = (id: number) => document.querySelector(`[data-event-id="${id}"]`) as HTMLElement;

describe('EventList', () => {
  it('lists the events of the last 7 days with level, status and who confirmed', async () => {
    const s = server();
    renderWithProviders(<EventList />, { client: s.client, session: eventSession(['event_confirm']) });
    expect(await screen.findByText('Meter AH1-1')).toBeTruthy();
    const body = s.callsOf('events.eventLog')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ page: { index: 0, limit: 50 }, levels: [], statuses: [], keyword: '' });
    expect(Number(body.endTime) - Number(body.startTime)).toBe(7 * 86_400_000);
    expect(within(row(11)).getByText('Level 1')).toBeTruthy();
    expect(within(row(11)).getByText('Pending')).toBeTruthy();
    expect(within(row(13)).getByText('Confirmed (solved)')).toBeTruthy();
    expect(within(row(13)).getByText('manager-bj')).toBeTruthy();
    // A confirmed event cannot be confirmed again.
    expect(within(row(13)).queryByText('Confirm')).toBeNull();
    expect(within(row(11)).getByText('Confirm')).toBeTruthy();
    expect(screen.getByText('3 in total')).toBeTruthy();
  });

  it('hides confirming without event_confirm', async () => {
    const s = server();
    renderWithProviders(<EventList />, { client: s.client, session: eventSession([]) });
    expect(await screen.findByText('Meter AH1-1')).toBeTruthy();
    expect(within(row(11)).queryByText('Confirm')).toBeNull();
    expect(screen.queryByText(/Confirm selected/)).toBeNull();
  });

  it('needs a processing result for a normal confirm', async () => {
    const s = server();
    renderWithProviders(<EventList />, { client: s.client, session: eventSession(['event_confirm']) });
    await screen.findByText('Meter AH1-1');
    fireEvent.click(within(row(11)).getByText('Confirm'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText(EVENT_MESSAGES.resultRequired)).toBeTruthy();
    expect(s.callsOf('events.confirm')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Processing result'), {
      target: { value: 'reset the breaker' },
    });
    fireEvent.click(okButton(dialog));
    await waitFor(() => expect(s.callsOf('events.confirm')).toHaveLength(1));
    expect(s.callsOf('events.confirm')[0]?.body).toEqual({
      events: [{ eventId: 11, projectId: 2 }],
      mode: 'normal',
      result: 'reset the breaker',
    });
    // The list is asked again.
    await waitFor(() => expect(s.callsOf('events.eventLog').length).toBeGreaterThan(1));
  });

  it('confirms the ticked events in one simple confirm', async () => {
    const s = server();
    renderWithProviders(<EventList />, { client: s.client, session: eventSession(['event_confirm']) });
    await screen.findByText('Meter AH1-1');
    for (const id of [11, 12]) fireEvent.click(row(id).querySelector('input[type=checkbox]') as HTMLElement);
    fireEvent.click(await screen.findByText('Confirm selected (2)'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('A simple confirm records the default text: Confirmed')).toBeTruthy();
    fireEvent.click(okButton(dialog));
    await waitFor(() => expect(s.callsOf('events.confirm')).toHaveLength(1));
    expect(s.callsOf('events.confirm')[0]?.body).toEqual({
      events: [
        { eventId: 11, projectId: 2 },
        { eventId: 12, projectId: 2 },
      ],
      mode: 'simple',
      result: EVENT_MESSAGES.simpleResult,
    });
  });

  it('shows only the event a notice names until "show all"', async () => {
    const s = server();
    const opened: number[] = [];
    renderWithProviders(<EventList onOpen={(e) => opened.push(e.id)} />, {
      client: s.client,
      session: eventSession([]),
      route: '/eventDiagnosis?eventId=12',
    });
    expect(await screen.findByText('Event #12 from a notice')).toBeTruthy();
    await waitFor(() => expect(row(12)).toBeTruthy());
    expect(row(11)).toBeNull();
    expect(opened).toEqual([12]);
    expect(s.callsOf('events.eventLog')).toHaveLength(0);
    fireEvent.click(screen.getByText('Show all'));
    await waitFor(() => expect(row(11)).toBeTruthy());
  });

  it('opens related events and pages without a total', async () => {
    const s = server();
    renderWithProviders(
      <EventList fetcher={EVENT_FETCHERS.eventLogNoCount} exports={[EVENT_EXPORTS.detail]} />,
      {
        client: s.client,
        session: eventSession([]),
      },
    );
    await screen.findByText('Meter AH1-1');
    expect(screen.getByText('Page 1')).toBeTruthy();
    fireEvent.click(screen.getByText('Next'));
    await waitFor(() =>
      expect(s.callsOf('events.eventLogNoCount').at(-1)?.body).toMatchObject({
        page: { index: 1, limit: 50 },
      }),
    );
    fireEvent.click(within(row(11)).getByText('Related'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Meter AH1-1')).toBeTruthy();
    expect(s.callsOf('events.relationEvent')[0]?.body).toEqual({ eventId: 11, windowSeconds: 300 });
  });
});
