import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, fakeServer, fileAnswer, renderWithProviders } from '../../../blocks/test-kit';
import { EventAndWavePage } from './EventAndWavePage';
import { eventItem, fwSession, waveform } from './test-fixtures';

afterEach(cleanup);

function server(download: 'file' | 'json' = 'file') {
  return fakeServer({
    'events.eventLog': () => ({
      total: 1,
      list: [eventItem({ id: 11, logType: 712, hasWave: true, description: 'Sag to 62 % for 80 ms' })],
    }),
    'pq.wave': () => waveform(11),
    'pq.waveDownload': () =>
      download === 'file'
        ? fileAnswer(new TextEncoder().encode('zip'), 'event-11-comtrade.zip', 'application/zip')
        : failure(-1, ''),
  });
}

describe('EventAndWavePage', () => {
  it('lists events with a recording and asks to pick one', async () => {
    renderWithProviders(<EventAndWavePage />, { client: server().client, session: fwSession([]) });
    expect(await screen.findByText(/Sag to 62 % for 80 ms/)).toBeTruthy();
    expect(screen.getByText('Pick an event with a recording')).toBeTruthy();
  });

  it('draws the six channels, the cursors and the phasors of the event in the query string', async () => {
    renderWithProviders(<EventAndWavePage />, {
      client: server().client,
      session: fwSession([]),
      route: '/eventAndWave?eventId=11',
    });
    const charts = await screen.findAllByTestId('wave-chart');
    expect(charts).toHaveLength(2);
    expect(
      [...document.querySelectorAll('polyline[data-channel]')].map((p) => p.getAttribute('data-channel')),
    ).toEqual(['Ua', 'Ub', 'Uc', 'Ia', 'Ib', 'Ic']);
    expect(charts[0]?.querySelectorAll('line[data-cursor]')).toHaveLength(2);
    // 0.2 s recording: cursors at 30 % and 60 %.
    expect(screen.getByTestId('delta-t').textContent).toBe('Δt = 60.00 ms');
    const phasors = (screen.getByTestId('phasor-diagram').parentElement as HTMLElement).querySelector(
      'table',
    ) as HTMLElement;
    const ub = within(phasors).getByText('Ub').closest('tr') as HTMLElement;
    expect(within(ub).getByText('230.0 V')).toBeTruthy();
    expect(within(ub).getByText('-120.0°')).toBeTruthy();
    const ia = within(phasors).getByText('Ia').closest('tr') as HTMLElement;
    expect(within(ia).getByText('-30.0°')).toBeTruthy();
    fireEvent.click(screen.getByText('Half-cycle RMS'));
    await waitFor(() => {
      const ua = within(screen.getByTestId('cursor-values')).getByText('Ua').closest('tr') as HTMLElement;
      expect(within(ua).getAllByText('230.0 V')).toHaveLength(2);
    });
  });

  it('shows abnormal export file when the COMTRADE download answers JSON', async () => {
    renderWithProviders(<EventAndWavePage />, {
      client: server('json').client,
      session: fwSession([]),
      route: '/eventAndWave?eventId=11',
    });
    fireEvent.click(await screen.findByText('Download COMTRADE'));
    expect(await screen.findByText('abnormal export file')).toBeTruthy();
  });
});
