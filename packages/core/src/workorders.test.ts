import { describe, expect, it } from 'vitest';
import { zonedTime } from './calendar.js';
import { nextOccurrence, planOccurrence } from './maintenance.js';
import {
  hoursToMs,
  msToHours,
  nextState,
  repairDraftFromEvent,
  stateActions,
  WORK_ORDER_ACTION_INFO,
  WORK_ORDER_ACTIONS,
  WORK_ORDER_STATUS,
  type WorkOrderAction,
  type WorkOrderFacts,
  type WorkOrderType,
  type WorkOrderViewer,
  workOrderActions,
  workOrderRefusal,
} from './workorders.js';

const S = WORK_ORDER_STATUS;
const EXECUTOR = 7;
const OTHER = 8;

/** Every state an order of a type can be in, with the stage and whether it has an executor. */
function states(type: WorkOrderType): { name: string; order: WorkOrderFacts }[] {
  const base = { code: 'X-1', type, teamId: null, executorName: 'Li Wei', teamName: null };
  const stages = type === 'maintenance' ? [1, 2] : [1];
  return [
    {
      name: 'to be confirmed',
      order: { ...base, status: S.toBeConfirmed, reviewStage: 0, executorId: null },
    },
    {
      name: 'to be repaired',
      order: { ...base, status: S.toBeRepaired, reviewStage: 0, executorId: EXECUTOR },
    },
    ...stages.map((stage) => ({
      name: `to be reviewed, stage ${stage}`,
      order: { ...base, status: S.toBeReviewed, reviewStage: stage, executorId: EXECUTOR },
    })),
    { name: 'returned', order: { ...base, status: S.returned, reviewStage: 0, executorId: EXECUTOR } },
    {
      name: 'timed out, not taken',
      order: { ...base, status: S.timedOut, reviewStage: 0, executorId: null },
    },
    {
      name: 'timed out, taken',
      order: { ...base, status: S.timedOut, reviewStage: 0, executorId: EXECUTOR },
    },
    { name: 'completed', order: { ...base, status: S.completed, reviewStage: 0, executorId: EXECUTOR } },
    { name: 'discarded', order: { ...base, status: S.discarded, reviewStage: 0, executorId: EXECUTOR } },
    // 7 is the inspection orders' abnormal: nothing of this machine applies.
    { name: 'abnormal (inspection only)', order: { ...base, status: 7, reviewStage: 0, executorId: null } },
  ];
}

/**
 * The expected transitions, written out by hand: for each state, each allowed action and the
 * state it leads to (a review: pass → ; fail → returned). Everything not listed is refused.
 */
const EXPECTED: Record<WorkOrderType, Record<string, Partial<Record<WorkOrderAction, string>>>> = {
  repair: {
    'to be confirmed': { assign: '2/0', take: '2/0', discard: '8/0' },
    'to be repaired': { assign: '2/0', stash: '2/0', submit: '3/1', discard: '8/0' },
    'to be reviewed, stage 1': { audit: '5/0', discard: '8/0' },
    returned: { assign: '2/0', stash: '4/0', submit: '3/1', discard: '8/0' },
    'timed out, not taken': { assign: '6/0', take: '6/0', discard: '8/0' },
    'timed out, taken': { assign: '6/0', stash: '6/0', submit: '3/1', discard: '8/0' },
    completed: {},
    discarded: {},
    'abnormal (inspection only)': {},
  },
  maintenance: {
    'to be confirmed': { assign: '2/0', take: '2/0', discard: '8/0' },
    'to be repaired': { assign: '2/0', stash: '2/0', submit: '3/1', discard: '8/0' },
    'to be reviewed, stage 1': { technicianReview: '3/2', discard: '8/0' },
    'to be reviewed, stage 2': { shiftLeaderReview: '5/0', discard: '8/0' },
    returned: { assign: '2/0', stash: '4/0', submit: '3/1', discard: '8/0' },
    'timed out, not taken': { assign: '6/0', take: '6/0', discard: '8/0' },
    'timed out, taken': { assign: '6/0', stash: '6/0', submit: '3/1', discard: '8/0' },
    completed: {},
    discarded: {},
    'abnormal (inspection only)': {},
  },
};

const everyone: WorkOrderViewer = {
  userId: OTHER,
  permissions: Object.values(WORK_ORDER_ACTION_INFO).map((i) => i.permission),
  teamIds: [],
};
const executor: WorkOrderViewer = { ...everyone, userId: EXECUTOR };

describe('the work-order state machine: every action in every state', () => {
  for (const type of ['repair', 'maintenance'] as const) {
    for (const { name, order } of states(type)) {
      it(`${type}, ${name}`, () => {
        const expected = EXPECTED[type][name] ?? {};
        expect(stateActions(order).sort()).toEqual((Object.keys(expected) as WorkOrderAction[]).sort());
        for (const action of WORK_ORDER_ACTIONS) {
          const next = expected[action];
          // Stash and submit are the executor's; reviews anyone's but the executor's.
          const viewer = action === 'stash' || action === 'submit' ? executor : everyone;
          if (next === undefined) {
            const refusal = workOrderRefusal(order, action, viewer);
            expect(refusal, `${action} refused`).not.toBeNull();
            expect(() => nextState(order, action)).toThrow();
            continue;
          }
          expect(workOrderRefusal(order, action, viewer), `${action} allowed`).toBeNull();
          const after = nextState(order, action, 'pass');
          expect(`${after.status}/${after.reviewStage}`, action).toBe(next);
          if (WORK_ORDER_ACTION_INFO[action].permission.includes('review') || action === 'audit') {
            expect(nextState(order, action, 'fail')).toEqual({ status: S.returned, reviewStage: 0 });
          }
        }
      });
    }
  }

  it('names the state (and who holds the order) when it refuses', () => {
    const taken: WorkOrderFacts = {
      code: 'RO-260310-0001',
      type: 'repair',
      status: S.toBeRepaired,
      reviewStage: 0,
      executorId: EXECUTOR,
      executorName: 'Li Wei',
      teamId: null,
    };
    expect(workOrderRefusal(taken, 'take', everyone)).toBe(
      'order RO-260310-0001 is to be repaired (待维修), executor Li Wei: take order is not possible in that state',
    );
    expect(workOrderRefusal(taken, 'take', everyone, 'zh')).toBe(
      '工单 RO-260310-0001 当前状态为待维修，执行人 Li Wei，不能接单',
    );
    const review = { ...taken, type: 'maintenance' as const, status: S.toBeReviewed, reviewStage: 1 };
    expect(workOrderRefusal(review, 'shiftLeaderReview', everyone)).toBe(
      'order RO-260310-0001 is waiting for the technician review; shift leader review is not its stage',
    );
    expect(workOrderRefusal({ ...review, type: 'repair' }, 'technicianReview', everyone)).toBe(
      'repair orders have no technician review',
    );
  });
});

describe('who may act', () => {
  const open: WorkOrderFacts = {
    code: 'MO-1',
    type: 'maintenance',
    status: S.toBeConfirmed,
    reviewStage: 0,
    executorId: null,
    teamId: 3,
    teamName: 'Shanghai operations team',
  };

  it('needs the action’s permission', () => {
    const none: WorkOrderViewer = { userId: 1, permissions: new Set(), teamIds: [3] };
    expect(workOrderActions(open, none)).toEqual([]);
    expect(workOrderRefusal(open, 'take', none)).toBe('no permission: take order needs workorder_take');
    const taker: WorkOrderViewer = { userId: 1, permissions: new Set(['workorder_take']), teamIds: [3] };
    expect(workOrderActions(open, taker)).toEqual(['take']);
  });

  it('lets only members of the order’s team take it', () => {
    const outsider: WorkOrderViewer = { userId: 1, permissions: ['workorder_take'], teamIds: [4] };
    expect(workOrderRefusal(open, 'take', outsider)).toBe(
      'order MO-1 is for the team Shanghai operations team; only its members may take it',
    );
    expect(workOrderRefusal({ ...open, teamId: null }, 'take', outsider)).toBeNull();
  });

  it('lets only the executor save and submit, and never review their own order', () => {
    const working = { ...open, status: S.toBeRepaired, executorId: EXECUTOR, executorName: 'Zhang Min' };
    expect(workOrderRefusal(working, 'submit', everyone)).toBe(
      'order MO-1 is executed by Zhang Min; only the executor may save or submit it',
    );
    expect(workOrderActions(working, executor)).toEqual(['assign', 'stash', 'submit', 'discard']);
    const review = { ...working, status: S.toBeReviewed, reviewStage: 1 };
    expect(workOrderRefusal(review, 'technicianReview', executor)).toBe(
      'the executor cannot review their own order MO-1',
    );
    expect(workOrderActions(review, everyone)).toEqual(['technicianReview', 'discard']);
  });
});

describe('time rules', () => {
  it('converts planned hours to milliseconds and back', () => {
    expect(hoursToMs(1.5)).toBe(5_400_000);
    expect(msToHours(5_400_000)).toBe(1.5);
  });

  it('drafts a repair order from an event', () => {
    expect(repairDraftFromEvent({ id: 9, description: 'over-current', level: 1, nodeId: 4 })).toEqual({
      eventId: 9,
      nodeId: 4,
      description: 'over-current',
      tasklevel: 1,
    });
    expect(repairDraftFromEvent({ id: 9, description: 'x', level: 3, nodeId: null }).tasklevel).toBe(2);
    expect(repairDraftFromEvent({ id: 9, description: 'x', level: 5, nodeId: null }).tasklevel).toBe(3);
  });

  it('keeps a plan’s local wall time across daylight saving and short months', () => {
    const tz = 'Europe/Berlin';
    const first = zonedTime(tz, 2026, 1, 31, 8, 30);
    // Monthly on the 31st: the last day of shorter months, back on the 31st after.
    expect(planOccurrence(first, 'monthly', 1, tz)).toBe(zonedTime(tz, 2026, 2, 28, 8, 30));
    expect(planOccurrence(first, 'monthly', 2, tz)).toBe(zonedTime(tz, 2026, 3, 31, 8, 30));
    // Daily across the spring change (29 March): still 08:30 local.
    expect(planOccurrence(first, 'daily', 60, tz)).toBe(zonedTime(tz, 2026, 4, 1, 8, 30));
    expect(planOccurrence(first, 'weekly', 1, tz)).toBe(zonedTime(tz, 2026, 2, 7, 8, 30));
    expect(planOccurrence(first, 'quarterly', 1, tz)).toBe(zonedTime(tz, 2026, 4, 30, 8, 30));
    expect(planOccurrence(first, 'yearly', 1, tz)).toBe(zonedTime(tz, 2027, 1, 31, 8, 30));
    expect(planOccurrence(first, 'runningHours', 3, tz, 500)).toBe(first + 1_500 * 3_600_000);
  });

  it('finds the next occurrence from any time', () => {
    const tz = 'Asia/Shanghai';
    const first = zonedTime(tz, 2026, 1, 1, 9);
    for (const cycle of ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const) {
      for (const days of [0, 1, 45, 400, 3000]) {
        const from = first + days * 86_400_000 + 1;
        const next = nextOccurrence(first, cycle, from, tz);
        expect(next.time).toBeGreaterThanOrEqual(from);
        if (next.index > 0) expect(planOccurrence(first, cycle, next.index - 1, tz)).toBeLessThan(from);
        expect(next.time).toBe(planOccurrence(first, cycle, next.index, tz));
      }
    }
    expect(nextOccurrence(first, 'daily', first - 5, tz)).toEqual({ index: 0, time: first });
  });
});
