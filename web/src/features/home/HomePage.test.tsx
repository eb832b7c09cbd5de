import { buildNavMenu } from '@eem/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { EVENT_LEVEL_COLORS } from '../../theme/alarm-colors';
import { HomePage } from './HomePage';

// Canvas drawing cannot run in happy-dom: the chart engine records what it was asked to draw.
const drawn = vi.hoisted(() => ({ specs: [] as Record<string, unknown>[] }));
vi.mock('../../blocks/chart/vchart-engine', () => ({
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

const now = Date.now();
const notice = (id: number, projectId: number, eventClass: number, description = 'event') => ({
  id,
  time: now - id * 1000,
  recordTime: now - id * 1000,
  logType: 701,
  logTypeName: 'Energy over limit',
  eventClass,
  description,
  projectId,
  content: '{}',
});

const projects = [
  { id: 1, modelLabel: 'project', name: 'Shanghai Plant', children: [] },
  { id: 2, modelLabel: 'project', name: 'Berlin Works', children: [] },
  { id: 3, modelLabel: 'project', name: 'Chicago Mill', children: [] },
];

describe('HomePage in platform mode', () => {
  it('counts the projects and ranks them by accidents and alarms today', async () => {
    const s = fakeServer({
      'projects.cloudProjects': () => projects,
      'notices.messageLog': () => ({
        total: 4,
        list: [notice(1, 3, 1), notice(2, 3, 2), notice(3, 2, 2), notice(4, 1, 3)],
      }),
      'shell.navmenu': () => buildNavMenu(),
    });
    renderWithProviders(<HomePage />, {
      client: s.client,
      withMenu: true,
      session: { module: 'pf', user: { id: 1, name: 'admin', permissions: [] } as never },
    });
    expect(await screen.findByText('Platform home')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByLabelText('Projects')).getByText('3')).toBeTruthy());
    await waitFor(() =>
      expect(within(screen.getByLabelText('Accidents/alarms today')).getByText('3')).toBeTruthy(),
    );
    const rows = [...document.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')?.textContent);
    expect(rows).toEqual(['Chicago Mill', 'Berlin Works', 'Shanghai Plant']);
    const bar = drawn.specs.at(-1);
    expect(bar?.type).toBe('bar');
  });
});

describe('HomePage in project mode', () => {
  it("shows the project's profile, today's notices by class and the recent tasks", async () => {
    const s = fakeServer({
      'projects.nodeData': () => ({
        id: 2,
        tenantId: 1,
        tenantid: 1,
        name: 'Berlin Works',
        code: 'BE-01',
        timeZone: 'Europe/Berlin',
        modelLabel: 'project',
        level: '1',
        company: 'Demo Energy Group',
        address: 'Am Werk 12, 13629 Berlin',
        longitude: null,
        latitude: null,
        area: 18_500,
        people: 260,
        cooperationDeadline: null,
        operationDate: null,
        annualOutput: null,
        description: null,
        mainImage: null,
        documents: [],
        tenantName: 'Demo Energy Group',
      }),
      'notices.messageLog': () => ({
        total: 3,
        list: [notice(1, 2, 1, 'Transformer T1 tripped'), notice(2, 2, 4), notice(3, 1, 2, 'Elsewhere')],
      }),
      'notices.importProgressAll': () => [
        {
          id: 8,
          projectId: 2,
          type: 1,
          operationType: 3,
          logType: 717,
          status: 2,
          ratio: 0.376,
          processInfo: { name: 'production.xlsx', ratio: 0.376, status: 2 },
          startTime: now - 60_000,
          endTime: null,
          message: '',
        },
      ],
      'logs.taskLog': () => ({ total: 0, list: [] }),
    });
    renderWithProviders(<HomePage />, {
      client: s.client,
      session: {
        module: 'fw',
        effectiveProjectId: 2,
        permissions: new Set(['operationlog_browser']),
        user: { id: 4, name: 'manager-bj', permissions: [] } as never,
      },
    });
    expect(await screen.findByText('Am Werk 12, 13629 Berlin')).toBeTruthy();
    expect(await screen.findByText('Transformer T1 tripped')).toBeTruthy();
    expect(screen.queryByText('Elsewhere')).toBeNull();
    expect(await screen.findByText('production.xlsx')).toBeTruthy();
    expect(screen.getByText('Running 37%')).toBeTruthy();
    expect(screen.getByText('Import actual production data')).toBeTruthy();
    await waitFor(() => expect(drawn.specs.some((spec) => spec.type === 'pie')).toBe(true));
    const pie = drawn.specs.filter((spec) => spec.type === 'pie').at(-1);
    const values = (pie?.data as { values: { name: string; value: number }[] }[] | undefined)?.[0]?.values;
    expect(values).toEqual([
      { name: 'Accident', value: 1 },
      { name: 'Warning', value: 1 },
    ]);
    // each slice in its class's alarm colour
    expect(pie?.color).toEqual([EVENT_LEVEL_COLORS.dark[1], EVENT_LEVEL_COLORS.dark[4]]);
    // no energy KPI placeholders
    expect(screen.queryByText(/kWh|tce/)).toBeNull();
  });
});
