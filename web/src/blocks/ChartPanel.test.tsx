import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHART_PALETTES } from '../theme/chart-palettes';
import { ThemeProvider } from '../theme/theme';
import { ChartPanel } from './ChartPanel';
import { renderWithProviders } from './test-kit';

// Canvas drawing cannot run in happy-dom: the engine is replaced, the panel is real.
const engine = vi.hoisted(() => ({
  specs: [] as Record<string, unknown>[],
  exported: [] as string[],
  released: 0,
}));
vi.mock('./chart/vchart-engine', () => ({
  // The chart types' parts (registered with the real core): nothing to load here.
  loadParts: async () => undefined,
  drawChart: (_dom: HTMLElement, spec: Record<string, unknown>) => {
    engine.specs.push(spec);
    return {
      update: (next: Record<string, unknown>) => engine.specs.push(next),
      exportPng: async (name: string) => {
        engine.exported.push(name);
      },
      release: () => {
        engine.released += 1;
      },
    };
  },
}));

beforeEach(() => {
  engine.specs = [];
  engine.exported = [];
  engine.released = 0;
});
afterEach(cleanup);

const data = {
  categories: ['00:00', '01:00', '02:00'],
  series: [
    { name: 'Today', values: [12.5, null, 2147483648] },
    { name: 'Yesterday', values: [10, 11, 9] },
  ],
};

describe('ChartPanel', () => {
  it('draws a line chart in the dark palette with invalid values as gaps, VChart loaded on demand', async () => {
    renderWithProviders(
      <ThemeProvider initial="dark">
        <ChartPanel kind="line" title="Load" data={data} unit="kW" />
      </ThemeProvider>,
    );
    await waitFor(() => expect(engine.specs).toHaveLength(1));
    const spec = engine.specs.at(-1);
    expect(spec?.type).toBe('line');
    expect(spec?.color).toEqual(CHART_PALETTES.dark);
    expect(spec?.theme).toBe('dark');
    const dataList = spec?.data as
      | { values: { x: string; y: number | null; series: string }[] }[]
      | undefined;
    const values = dataList?.[0]?.values;
    expect(values?.filter((v) => v.series === 'Today').map((v) => v.y)).toEqual([12.5, null, null]);
  });

  it('uses the light palette in the light theme and groups bars', async () => {
    renderWithProviders(
      <ThemeProvider initial="light">
        <ChartPanel kind="bar" data={data} />
      </ThemeProvider>,
    );
    await waitFor(() => expect(engine.specs).toHaveLength(1));
    const spec = engine.specs.at(-1);
    expect(spec?.color).toEqual(CHART_PALETTES.light);
    expect(spec?.xField).toEqual(['x', 'series']);
  });

  it("says 'no data' and draws nothing when every value is invalid", () => {
    renderWithProviders(
      <ChartPanel kind="pie" title="Share" data={{ items: [{ name: 'Peak', value: null }] }} />,
    );
    expect(screen.getByText('no data')).toBeTruthy();
    expect(engine.specs).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save as PNG' }).hasAttribute('disabled')).toBe(true);
  });

  it('saves the chart as a PNG named after its title', async () => {
    renderWithProviders(
      <ChartPanel kind="pie" title="TOU share" data={{ items: [{ name: 'Peak', value: 3 }] }} />,
    );
    const button = screen.getByRole('button', { name: 'Save as PNG' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(engine.exported).toEqual(['TOU share']));
  });
});
