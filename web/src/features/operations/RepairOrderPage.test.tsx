import type { WorkOrder, WorkOrderDetail } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders, testProject } from '../../blocks/test-kit';
import { RepairOrderPage } from './RepairOrderPage';

afterEach(cleanup);

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 27, 1, 0); // 09:00 in Shanghai

function order(patch: Partial<WorkOrder>): WorkOrder {
  return {
    id: 1,
    code: 'RO-261127-0001',
    type: 'repair',
    projectId: 1,
    workSheetStatus: 1,
    statusName: 'To be confirmed',
    reviewStage: 0,
    tasklevel: 2,
    tasklevelName: 'Important',
    description: 'Breaker trips on start',
    deviceId: 3,
    deviceName: 'Cooling tower 1',
    deviceCode: 'D1',
    nodeId: null,
    location: 'Building A',
    teamId: 5,
    teamName: 'Shanghai operations team',
    executorId: null,
    executorName: '',
    creatorId: 2,
    creatorName: 'someone',
    source: 'manual',
    planId: null,
    planName: '',
    eventId: null,
    executetimeplan: START,
    timeconsumeplan: 8 * HOUR,
    deadline: START + 8 * HOUR,
    executetime: null,
    finishtime: null,
    overdue: false,
    attachments: [],
    createdAt: START,
    updatedAt: START,
    ...patch,
  };
}

const waiting = order({});
const submitted = order({
  id: 2,
  code: 'RO-261127-0002',
  workSheetStatus: 3,
  statusName: 'To be reviewed',
  reviewStage: 1,
  executorId: 7,
  executorName: 'tech',
});

function detail(o: WorkOrder): WorkOrderDetail {
  return {
    order: o,
    items: [],
    work: { executetime: null, finishtime: null, result: '', cause: '', spareParts: [], attachments: [] },
    reviewDraft: null,
    timeline: [],
    event: null,
    actions: [],
    files: [],
  };
}

function server() {
  return fakeServer({
    'projects.projects': () => [testProject({ id: 1, timeZone: 'Asia/Shanghai' })],
    'workorders.teams': () => ({
      teams: [{ id: 5, name: 'Shanghai operations team', memberIds: [7] }],
      people: [{ id: 7, name: 'tech', nicName: '', teamIds: [5] }],
    }),
    'workorders.repairCount': () => ({ byStatus: { 1: 1, 3: 1 }, total: 2, overdue: 0 }),
    'workorders.repairQuery': () => ({ total: 2, list: [waiting, submitted] }),
    'workorders.repairDetail': ({ params }) => detail(params.code === submitted.code ? submitted : waiting),
  });
}

const offered = async () => {
  const drawer = await screen.findByTestId('work-order-detail');
  await within(drawer).findByText('Breaker trips on start');
  return Array.from(drawer.querySelectorAll('[data-testid=work-order-actions] button')).map((b) =>
    b.getAttribute('data-action'),
  );
};

describe('RepairOrderPage', () => {
  it('offers a technician of the team only to take a waiting order, and nothing on their own submitted one', async () => {
    const s = server();
    renderWithProviders(<RepairOrderPage />, {
      client: s.client,
      route: `/repairorder?code=${waiting.code}`,
      session: {
        module: 'fw',
        projectId: 1,
        effectiveProjectId: 1,
        user: { id: 7, name: 'tech' } as never,
        permissions: new Set(['ops_repairorder', 'workorder_take']),
      },
    });
    await waitFor(async () => expect(await offered()).toEqual(['take']), { timeout: 5000 });
    // Times in the project's zone.
    expect(screen.getAllByText('2026-11-27 09:00').length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByText('Detail')[1] as HTMLElement);
    await waitFor(async () => expect(await offered()).toEqual([]), { timeout: 5000 });
  });

  it('offers an auditor the audit of a submitted order, and assign and discard only with their permissions', async () => {
    const s = server();
    renderWithProviders(<RepairOrderPage />, {
      client: s.client,
      route: `/repairorder?code=${submitted.code}`,
      session: {
        module: 'fw',
        projectId: 1,
        effectiveProjectId: 1,
        user: { id: 9, name: 'auditor' } as never,
        permissions: new Set(['ops_repairorder', 'workorder_audit', 'workorder_discard']),
      },
    });
    await waitFor(async () => expect(await offered()).toEqual(['audit', 'discard']), { timeout: 5000 });
  });
});
