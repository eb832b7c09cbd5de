import type { EventTypeSetting } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { EventAttrAdministrationPage } from './EventAttrAdministrationPage';
import { fwSession, typeSetting } from './test-fixtures';

afterEach(cleanup);

function server() {
  let rows: EventTypeSetting[] = [
    typeSetting(),
    typeSetting({ logType: 712, name: 'Power quality', level: 3, lowerLimit: 5, upperLimit: 10 }),
    typeSetting({ logType: 716, name: 'Device offline', level: 4, sound: false }),
  ];
  return fakeServer({
    'events.typeSettings': () => rows,
    'events.saveTypeSettings': (req) => {
      const saved = req.body as EventTypeSetting[];
      rows = rows.map((r) => ({ ...r, ...saved.find((s) => s.logType === r.logType) }));
      return rows;
    },
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('EventAttrAdministrationPage', () => {
  it('shows each type’s colour in both themes and only the limits a type has', async () => {
    renderWithProviders(<EventAttrAdministrationPage />, {
      client: server().client,
      session: fwSession(['alarmscheme_update']),
    });
    const pq = await rowOf('712 Power quality');
    const preview = within(pq).getByTestId('color-preview');
    expect(preview.querySelector('[data-theme-preview=light]')?.getAttribute('title')).toBe('light #0064fa');
    expect(preview.querySelector('[data-theme-preview=dark]')?.getAttribute('title')).toBe('dark #4d9cff');
    expect(within(pq).getByLabelText('Upper limit 712')).toBeTruthy();
    const offline = await rowOf('716 Device offline');
    expect(within(offline).queryByLabelText('Upper limit 716')).toBeNull();
  });

  it('refuses an upper limit not over the lower, then saves only the changed types', async () => {
    const s = server();
    renderWithProviders(<EventAttrAdministrationPage />, {
      client: s.client,
      session: fwSession(['alarmscheme_update']),
    });
    const pq = await rowOf('712 Power quality');
    const upper = within(pq).getByLabelText('Upper limit 712');
    fireEvent.change(upper, { target: { value: '4' } });
    fireEvent.click(screen.getByText('Save'));
    expect(await within(pq).findByRole('alert')).toBeTruthy();
    expect(within(pq).getByRole('alert').textContent).toBe('the upper limit must be greater than the lower');
    expect(s.callsOf('events.saveTypeSettings')).toHaveLength(0);
    fireEvent.change(upper, { target: { value: '12' } });
    await waitFor(() => expect(within(pq).queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(s.callsOf('events.saveTypeSettings')).toHaveLength(1));
    expect(s.callsOf('events.saveTypeSettings')[0]?.body).toEqual([
      {
        logType: 712,
        level: 3,
        eventClass: 2,
        popup: true,
        sound: true,
        push: false,
        enabled: true,
        lowerLimit: 5,
        upperLimit: 12,
      },
    ]);
  });

  it('asks for a selection before a batch, and reads only without alarmscheme_update', async () => {
    renderWithProviders(<EventAttrAdministrationPage />, {
      client: server().client,
      session: fwSession(['alarmscheme_update']),
    });
    await rowOf('704 Demand over threshold');
    fireEvent.click(screen.getByText('Apply to selected'));
    expect(await screen.findByText('choose at least one event type')).toBeTruthy();
    cleanup();
    renderWithProviders(<EventAttrAdministrationPage />, { client: server().client, session: fwSession([]) });
    await rowOf('704 Demand over threshold');
    expect(screen.queryByText('Save')).toBeNull();
    expect(screen.getByText(/read only/)).toBeTruthy();
  });
});
