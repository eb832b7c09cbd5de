import { buildNavMenu } from '@eem/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { EVENT_LEVEL_COLORS } from '../../theme/alarm-colors';
import { HomePage } from './HomePage';

// The home's charts are SVG (blocks/light-chart): happy-dom lays nothing out, so each chart
// is given a width to draw in.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

afterEach(() => {
  cleanup();
});

/** The rows of a chart's table (what screen readers read), by the chart's title. */
function chartRows(title: string): string[][] {
  const table = screen.getByRole('table', { name: title });
  return [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
}

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
    const rows = [...document.querySelectorAll('table:not(.eem-sr-only) tbody tr')].map(
      (tr) => tr.querySelector('td')?.textContent,
    );
    expect(rows).toEqual(['Chicago Mill', 'Berlin Works', 'Shanghai Plant']);
    // The ranking as bars, each project with accidents or alarms by its full name with its count.
    await waitFor(() =>
      expect(chartRows('Projects by accidents and alarms today')).toEqual([
        ['Chicago Mill', '2'],
        ['Berlin Works', '1'],
      ]),
    );
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
    // Today's notices by class as a donut: counts and shares, each slice in its class's colour.
    await waitFor(() =>
      expect(chartRows('Notices today by class')).toEqual([
        ['Accident', '1', '50%'],
        ['Warning', '1', '50%'],
      ]),
    );
    const donut = document.querySelector('[data-chart=donut] svg');
    expect(
      [...(donut?.querySelectorAll('path[data-index]') ?? [])].map((p) => p.getAttribute('fill')),
    ).toEqual([EVENT_LEVEL_COLORS.dark[1], EVENT_LEVEL_COLORS.dark[4]]);
    expect(donut?.textContent).toContain('Accident');
    // no energy KPI placeholders
    expect(screen.queryByText(/kWh|tce/)).toBeNull();
  });
});

describe('HomePage work cards and cost', () => {
  const levels = [3, 0, 5, 1, 0];
  const server = () =>
    fakeServer({
      'events.countByLevel': () => levels.map((count, i) => ({ key: i + 1, label: `L${i + 1}`, count })),
      'workorders.repairCount': () => ({
        byStatus: { 1: 2, 2: 4, 3: 1, 4: 0, 5: 9, 6: 3, 8: 1 },
        total: 20,
        overdue: 5,
      }),
      'workorders.maintenanceCount': () => ({ byStatus: { 1: 7 }, total: 7, overdue: 0 }),
      'energy.period': () => ({
        time: now,
        timeZone: 'UTC',
        node: { id: 2, modelLabel: 'project', name: 'Berlin Works', path: 'Berlin Works' },
        rows: [],
      }),
    });
  const render = (permissions: string[], s = server()) => {
    renderWithProviders(<HomePage />, {
      client: s.client,
      session: {
        module: 'fw',
        effectiveProjectId: 2,
        permissions: new Set(permissions),
        user: { id: 4, name: 'manager-bj', permissions: [] } as never,
      },
    });
    return s;
  };

  it('counts pending events by level and open orders by state, linking where the route guard lets in', async () => {
    const s = render(['event_browser', 'event_historyEventQuery', 'ops_repairorder']);
    const events = await screen.findByTestId('home-pending-events');
    await waitFor(() => expect(events.querySelector('[data-level=total]')?.textContent).toContain('9'));
    expect(events.querySelector('[data-level="3"]')?.textContent).toContain('5');
    expect(events.querySelector('[data-level="3"] a')?.getAttribute('href')).toBe(
      '/historyEventQuery?statuses=1&levels=3',
    );
    // The same call the event list makes by default: pending events of its range.
    const asked = s.callsOf('events.countByLevel')[0]?.body as {
      statuses: number[];
      startTime: number;
      endTime: number;
    };
    expect(asked.statuses).toEqual([1]);
    expect(asked.endTime - asked.startTime).toBeGreaterThanOrEqual(6 * 86_400_000);

    const orders = await screen.findByTestId('home-open-orders');
    const repair = () => orders.querySelector('[data-order-type=repair]');
    await waitFor(() => expect(repair()?.querySelector('[data-status="2"]')?.textContent).toBe('4'));
    expect(repair()?.querySelector('[data-status="6"]')?.textContent).toBe('3');
    expect(repair()?.querySelector('[data-status="6"] a')?.getAttribute('href')).toBe(
      '/repairorder?status=6',
    );
    // completed and discarded orders are not open
    expect(repair()?.querySelector('[data-status="5"]')).toBeNull();
    expect(repair()?.querySelector('[data-status="8"]')).toBeNull();
    // no right to read service orders: no row, no call
    expect(orders.querySelector('[data-order-type=maintenance]')).toBeNull();
    expect(s.callsOf('workorders.maintenanceCount')).toHaveLength(0);
  });

  it('shows the numbers without links when the route is refused, and hides what may not be read', async () => {
    const s = render(['event_browser', 'ops_serviceOrder']);
    const events = await screen.findByTestId('home-pending-events');
    await waitFor(() => expect(events.querySelector('[data-level="1"]')?.textContent).toContain('3'));
    expect(events.querySelector('a')).toBeNull();
    const orders = await screen.findByTestId('home-open-orders');
    await waitFor(() =>
      expect(orders.querySelector('[data-order-type=maintenance] [data-status="1"]')?.textContent).toBe('7'),
    );
    // ops_serviceOrder is both the read right and the board's menu key: linked.
    expect(orders.querySelector('[data-order-type=maintenance] a')?.getAttribute('href')).toBe(
      '/serviceOrder',
    );
    expect(s.callsOf('workorders.repairCount')).toHaveLength(0);
    cleanup();
    const none = render([]);
    await waitFor(() => expect(none.callsOf('energy.period').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('home-pending-events')).toBeNull();
    expect(screen.queryByTestId('home-open-orders')).toBeNull();
    expect(none.callsOf('events.countByLevel')).toHaveLength(0);
  });

  it("shows '--' with the reason as the month's cost while no tariff is configured", async () => {
    const s = fakeServer({
      'energy.period': () => ({
        time: now,
        timeZone: 'UTC',
        node: { id: 2, modelLabel: 'project', name: 'Berlin Works', path: 'Berlin Works' },
        rows: [
          {
            energyType: 2,
            name: 'Electricity',
            unit: 'kWh',
            periods: [
              {
                period: 'month',
                start: now - 86_400_000,
                end: now + 86_400_000,
                value: 12,
                yoy: null,
                yoyRate: null,
                mom: null,
                momRate: null,
              },
            ],
          },
        ],
      }),
      'energy.overview': () => [
        {
          projectId: 2,
          name: 'Berlin Works',
          code: 'BE-01',
          timeZone: 'UTC',
          monthStart: now - 86_400_000,
          tce: 1,
          tceYoy: null,
          tceYoyRate: null,
          electricity: 12,
          electricityUnit: 'kWh',
          cost: null,
          pendingEvents: { accident: 0, alarm: 0, total: 0 },
        },
      ],
    });
    render([], s);
    const card = await screen.findByText('Electricity cost (yuan)');
    const value = await waitFor(() => {
      const v = card.closest('[data-card=cost]')?.querySelector('[data-no-tariff]');
      expect(v).toBeTruthy();
      return v as HTMLElement;
    });
    expect(value.textContent).toBe('--');
    // the tooltip's text, also what a screen reader says
    expect(value.getAttribute('aria-label')).toBe('No tariff is configured, so there is no cost yet');
  });
});
