import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { bandFields } from './components/pq-bands';
import { TransientEventAnalysisPage } from './TransientEventAnalysisPage';
import { fwSession, waveform } from './test-fixtures';

/** Rows are in view at once (happy-dom lays nothing out). */
class InView {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.callback([{ isIntersecting: true }]);
  }
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', InView));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const { pathname, search } = useLocation();
  return <span data-testid="where">{`${pathname}${search}`}</span>;
}

function server() {
  return fakeServer({
    'pq.events': () => ({
      total: 1,
      list: [
        {
          id: 1,
          eventId: 11,
          time: Date.UTC(2024, 2, 1, 8),
          pointId: 3,
          nodeId: 21,
          nodeName: 'Main meter',
          type: 'sag',
          phase: 'AB',
          magnitude: 62.4,
          durationMs: 80,
          itic: 'noDamage',
        },
      ],
    }),
    'pq.waveRms': () => {
      const w = waveform(11);
      return {
        list: [
          {
            eventId: w.eventId,
            nominalVoltage: w.nominalVoltage,
            channels: w.channels.map((c) => ({ name: c.name, unit: c.unit, rms: c.rms })),
          },
        ],
      };
    },
  });
}

describe('TransientEventAnalysisPage', () => {
  it('shows the event with its ITIC region and thumbnail, and opens its wave', async () => {
    const s = server();
    renderWithProviders(
      <Routes>
        <Route path="/transienteventanalysis" element={<TransientEventAnalysisPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { client: s.client, session: fwSession([]), route: '/transienteventanalysis' },
    );
    const row = (await screen.findByText('Main meter #3')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sag')).toBeTruthy();
    expect(within(row).getByText('62.4')).toBeTruthy();
    expect(within(row).getByText('No damage')).toBeTruthy();
    await waitFor(() =>
      expect(row.querySelectorAll('[data-testid=wave-thumbnail] polyline')).toHaveLength(3),
    );
    // The page's thumbnails come in one call, not one per row.
    expect(s.callsOf('pq.waveRms')).toHaveLength(1);
    expect(s.callsOf('pq.wave')).toHaveLength(0);
    fireEvent.click(within(row).getByText('Open wave'));
    expect((await screen.findByTestId('where')).textContent).toBe('/eventAndWave?eventId=11');
  });

  it('turns bands into magnitude and duration limits', () => {
    expect(bandFields('50–90', '<10 ms')).toEqual({
      magnitudeMin: 50,
      magnitudeMax: 90,
      durationMinMs: null,
      durationMaxMs: 10,
    });
    expect(bandFields(null, null)).toEqual({
      magnitudeMin: null,
      magnitudeMax: null,
      durationMinMs: null,
      durationMaxMs: null,
    });
  });
});
