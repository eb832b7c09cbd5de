import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, renderWithProviders, testProject } from '../../blocks/test-kit';
import { EnergyLossAnalysisPage } from './EnergyLossAnalysisPage';
import { EnergyLossOverviewPage } from './EnergyLossOverviewPage';

// Canvas drawing cannot run in happy-dom: the engine is replaced, the screens are real.
const drawn = vi.hoisted(() => ({ specs: [] as Record<string, unknown>[] }));
vi.mock('../../blocks/chart/vchart-engine', () => ({
  loadParts: async () => undefined,
  drawChart: (_dom: HTMLElement, spec: Record<string, unknown>) => {
    drawn.specs.push(spec);
    return {
      update: (next: Record<string, unknown>) => drawn.specs.push(next),
      exportPng: async () => undefined,
      release: () => undefined,
    };
  },
}));

afterEach(() => {
  cleanup();
  drawn.specs = [];
});

const session = (permissions: string[] = []) => ({
  module: 'fw' as const,
  effectiveProjectId: 2,
  projectId: 2,
  permissions: new Set(permissions),
});

const M = Date.UTC(2026, 9, 31, 23);
const figures = (supply: number, downstream: number, level = 0) => {
  const loss = Math.round((supply - downstream) * 100) / 100;
  return {
    supply,
    downstream,
    loss,
    ratePct: Math.round((loss / supply) * 10_000) / 100,
    level,
    overLimit: false,
  };
};

const overview = (objects = 2) => ({
  timeZone: 'Europe/Berlin',
  month: '2026-11',
  year: 2026,
  cards: [
    {
      energyType: 2,
      energyTypeName: 'Electricity',
      unit: 'kWh',
      month: { supply: 1000, loss: 61.5, ratePct: 6.15 },
      year: { supply: 12000, loss: 480, ratePct: 4 },
    },
  ],
  trend: [
    {
      energyType: 2,
      unit: 'kWh',
      points: [
        { month: '2026-10', start: M - 31 * 86_400_000, supply: 900, loss: 36, ratePct: 4 },
        { month: '2026-11', start: M, supply: 1000, loss: 61.5, ratePct: 6.15 },
      ],
    },
  ],
  top: [
    {
      ...figures(600, 550, 2),
      lossObject: { id: 7, name: 'Hall 1 feeder' },
      energyType: 2,
      unit: 'kWh',
    },
    { ...figures(400, 388.5), lossObject: { id: 8, name: 'Hall 2 feeder' }, energyType: 2, unit: 'kWh' },
  ],
  warnings: {
    total: 3,
    levels: [
      { level: 1, count: 1 },
      { level: 2, count: 2 },
    ],
    byType: [{ logType: 706, count: 3 }],
  },
  objects,
  enabledObjects: objects,
});

describe('EnergyLossOverviewPage', () => {
  it('shows the cards, the open warnings by level and the top objects with links to their curves', async () => {
    const s = fakeServer({
      'projects.projects': () => [testProject()],
      'loss.overview': () => overview(),
    });
    renderWithProviders(<EnergyLossOverviewPage />, {
      client: s.client,
      session: session(['loss_energyLossAnalysis', 'loss_energyLossWarning']),
    });
    await screen.findByTestId('loss-overview');
    const month = document.querySelector('[data-energy-type="2"] [data-period=month] [data-loss]');
    expect(month?.textContent).toBe('61.50');
    expect(document.querySelector('[data-energy-type="2"] [data-period=year] [data-rate]')?.textContent).toBe(
      '4.00%',
    );
    expect(document.querySelector('[data-testid=warning-counts] [data-total]')?.textContent).toBe('3');
    const counts = [...document.querySelectorAll('[data-testid=warning-counts] [data-level]')].map((e) =>
      e.getAttribute('data-count'),
    );
    expect(counts).toEqual(['1', '2', '0', '0']);
    expect(screen.getByText('Hall 1 feeder')).toBeTruthy();
    // The console has /energyLossAnalysis: the object opens its loss curve.
    expect(document.querySelector('[data-href="/energyLossAnalysis?lossObjectId=7"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Open the loss warnings' })).toBeTruthy();
    expect(s.callsOf('loss.overview')).toHaveLength(1);
  });

  it('links nowhere the user may not go', async () => {
    const s = fakeServer({
      'projects.projects': () => [testProject()],
      'loss.overview': () => overview(),
    });
    renderWithProviders(<EnergyLossOverviewPage />, { client: s.client, session: session() });
    await screen.findByTestId('loss-overview');
    expect(document.querySelector('[data-href^="/energyLossAnalysis"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open the loss warnings' })).toBeNull();
  });

  it('offers the configuration when the project has no loss object, and says why a call failed', async () => {
    const empty = fakeServer({
      'projects.projects': () => [testProject()],
      'loss.overview': () => ({ ...overview(0), cards: [], trend: [], top: [] }),
    });
    renderWithProviders(<EnergyLossOverviewPage />, { client: empty.client, session: session() });
    expect(await screen.findByText(/The project has no loss object yet/)).toBeTruthy();
    cleanup();
    const refused = fakeServer({
      'projects.projects': () => [testProject()],
      'loss.overview': () => failure(500, 'the database is busy'),
    });
    renderWithProviders(<EnergyLossOverviewPage />, { client: refused.client, session: session() });
    expect(await screen.findByText('Could not load: the database is busy')).toBeTruthy();
  });
});

describe('EnergyLossAnalysisPage', () => {
  it("asks for a loss object's series and shows its totals, bars, rate line and thresholds", async () => {
    const times = [M, M + 86_400_000];
    const s = fakeServer({
      'projects.projects': () => [testProject()],
      'metering.cycle': () => ({
        timeZone: 'Europe/Berlin',
        dayStartHour: 0,
        weekStartDay: 1,
        monthStartDay: 1,
        yearStartMonth: 1,
      }),
      'loss.configs': () => ({ total: 0, list: [] }),
      'nodes.nodeTreeSimpleWithAuth': () => [],
      'energy.energyTypes': () => [],
      'loss.analysis': () => ({
        timeZone: 'Europe/Berlin',
        mode: 'series',
        cycle: 1,
        energyType: 2,
        unit: 'kWh',
        lossObject: { id: 7, name: 'Hall 1 feeder' },
        supply: { id: 1, modelLabel: 'room', name: 'Inlet', path: 'Inlet' },
        consumers: [],
        lowerLimitPct: -5,
        upperLimitPct: 12,
        levels: [
          { level: 1, ratePct: 5 },
          { level: 2, ratePct: 8 },
        ],
        times,
        rows: [
          { ...figures(300, 290), time: times[0] },
          { ...figures(300, 270, 2), time: times[1] },
        ],
        total: figures(600, 560, 1),
        tree: [],
      }),
    });
    renderWithProviders(<EnergyLossAnalysisPage />, {
      client: s.client,
      session: session(),
      route: `/energyLossAnalysis?lossObjectId=7&startTime=${times[0]}&endTime=${M + 2 * 86_400_000}`,
    });
    await screen.findByTestId('loss-analysis');
    expect(s.callsOf('loss.analysis')[0]?.body).toMatchObject({
      lossObjectId: 7,
      startTime: times[0],
      endTime: M + 2 * 86_400_000,
      cycle: 7,
      mode: 'series',
    });
    expect(screen.getByTestId('total-rate').textContent).toBe('6.67%');
    expect(document.querySelector('[data-card=loss] h4')?.textContent).toBe('40.00');
    await waitFor(() => expect(drawn.specs.length).toBeGreaterThan(0));
    const spec = drawn.specs.at(-1) as { markLine: { y: number }[]; series: { type: string }[] };
    expect(spec.series.map((x) => x.type)).toEqual(['bar', 'line']);
    expect(spec.markLine.map((m) => m.y)).toEqual([5, 8]);
  });
});
