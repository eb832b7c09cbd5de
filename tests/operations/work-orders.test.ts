/**
 * Work orders over HTTP (issue 18): the repair and maintenance life cycles with a permission
 * per role (a viewer raises, technicians take and submit, an auditor, a technician reviewer and
 * a shift leader review), who may do what in which state, two people taking one order at once,
 * batch submit, the spare parts an order uses leaving the stock at completion, an order from an
 * event (the event answers with its order), the notices of each step, the board's counts and
 * export, and the project boundary.
 */
import { catalogue } from '@eem/contract';
import { EVENT_STATUS, WORK_ORDER_STATUS } from '@eem/core';
import { PermissionError } from '@eem/sdk';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, raw, refusal, userId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';
import { joinTeam, noticesAbout, person } from './support.js';

const S = WORK_ORDER_STATUS;
let server: InProcessServer;
let SH: number;
let operator: SignedIn;
let viewer: SignedIn;
let tech1: SignedIn;
let tech2: SignedIn;
let auditor: SignedIn;
let leader: SignedIn;
let chicago: SignedIn;
let berlin: SignedIn;
let team: number;
let device: { id: number; name: string; nodeId: number | null };
let part: { id: number; name: string; stock: number };

beforeAll(async () => {
  server = await startInProcessServer();
  SH = projectId(server, 'SH-01');
  const admin = await login(server, 'tenant-admin', { projectId: SH });
  viewer = await person(server, admin, 'sh-viewer', ['ops_repairorder', 'ops_serviceOrder']);
  tech1 = await person(server, admin, 'sh-tech1', ['ops_repairorder', 'ops_serviceOrder', 'workorder_take']);
  tech2 = await person(server, admin, 'sh-tech2', ['ops_repairorder', 'ops_serviceOrder', 'workorder_take']);
  auditor = await person(server, admin, 'sh-auditor', [
    'ops_repairorder',
    'ops_serviceOrder',
    'workorder_audit',
    'workorder_technician_review',
  ]);
  leader = await person(server, admin, 'sh-leader', ['ops_serviceOrder', 'workorder_shift_leader_review']);
  operator = await login(server, 'operator-sh', { projectId: SH });
  chicago = await login(server, 'operator-chi');
  berlin = await login(server, 'manager-bj');
  const teams = await operator.client.workorders.teams();
  team = teams.teams[0]?.id ?? 0;
  await joinTeam(server, team, [tech2.user.id]);
  const devices = await operator.client.devices.devices({ body: { keyword: 'Cooling tower' } });
  const first = devices.list.find((d) => d.status === 1);
  if (!first) throw new Error('no device in service');
  device = first;
  const parts = await operator.client.devices.spareParts({ body: { keyword: 'Fuse' } });
  const fuse = parts.list[0];
  if (!fuse) throw new Error('no demo fuse');
  part = fuse;
});

afterAll(async () => {
  await server?.stop();
});

const repair = (description: string, extra: Record<string, unknown> = {}) => ({
  body: { description, deviceId: device.id, tasklevel: 2, ...extra },
});

describe('the repair life cycle, a permission per role', () => {
  let code: string;

  it('lets anyone with the board raise an order, to be confirmed, with a code and a timeline', async () => {
    const order = await viewer.client.workorders.repairCreate(repair('Breaker trips on start'));
    code = order.code;
    expect(order).toMatchObject({
      type: 'repair',
      workSheetStatus: S.toBeConfirmed,
      statusName: 'To be confirmed',
      deviceId: device.id,
      deviceName: device.name,
      creatorName: 'sh-viewer',
      source: 'manual',
      executorId: null,
      overdue: false,
    });
    expect(order.code).toMatch(/^RO-\d{6}-\d{4}$/);
    expect(order.deadline).toBe(order.executetimeplan + order.timeconsumeplan);
    const detail = await viewer.client.workorders.repairDetail({ params: { code } });
    expect(detail.timeline.map((s) => [s.action, s.userName, s.toStatus])).toEqual([
      ['create', 'sh-viewer', S.toBeConfirmed],
    ]);
    // The viewer may do nothing more to it; a technician may take it; the operator also assign or discard.
    expect(detail.actions).toEqual([]);
    expect((await tech1.client.workorders.repairDetail({ params: { code } })).actions).toEqual(['take']);
    expect((await operator.client.workorders.repairDetail({ params: { code } })).actions).toEqual([
      'assign',
      'take',
      'discard',
    ]);
  });

  it('refuses a viewer’s take by the permission, and a technician’s submit before taking by the state', async () => {
    const denied = await refusal(viewer.client.workorders.repairTake({ body: { code } }));
    expect(denied.name).toBe('PermissionError');
    expect(denied.msg).toBe('no permission for this operation (needs workorder_take)');
    const early = await raw(
      server,
      tech1.token,
      'POST',
      '/eem-service/v1/workorder/repair/submit',
      {
        code,
        work: { result: 'done' },
      },
      { projectId: String(SH) },
    );
    expect(early).toMatchObject({
      status: 409,
      msg: `order ${code} is to be confirmed (待确认): submit is not possible in that state`,
    });
    const zh = await raw(
      server,
      tech1.token,
      'POST',
      '/eem-service/v1/workorder/repair/submit',
      { code },
      {
        projectId: String(SH),
        'accept-language': 'zh-CN',
      },
    );
    expect(zh.msg).toBe(`工单 ${code} 当前状态为待确认，不能提交`);
  });

  it('lets a technician take it; only the executor saves and submits', async () => {
    const taken = await tech1.client.workorders.repairTake({ body: { code } });
    expect(taken).toMatchObject({ workSheetStatus: S.toBeRepaired, executorName: 'sh-tech1' });
    const other = await refusal(
      tech2.client.workorders.repairStash({ body: { code, work: { result: 'x' } } }),
    );
    expect(other).toEqual({
      name: 'PermissionError',
      msg: `order ${code} is executed by sh-tech1; only the executor may save or submit it`,
    });
    const stashed = await tech1.client.workorders.repairStash({
      body: { code, work: { cause: 'worn contact', spareParts: [{ partId: part.id, quantity: 2 }] } },
    });
    expect(stashed.workSheetStatus).toBe(S.toBeRepaired);
    const draft = await tech1.client.workorders.repairDetail({ params: { code } });
    expect(draft.work).toMatchObject({ cause: 'worn contact', result: '' });
    expect(draft.work.spareParts).toEqual([
      expect.objectContaining({ partId: part.id, quantity: 2, name: part.name, stock: part.stock }),
    ]);
    expect(draft.actions).toEqual(['stash', 'submit']);
  });

  it('refuses a submit without a result, with completion before start, or with more parts than in stock', async () => {
    expect((await refusal(tech1.client.workorders.repairSubmit({ body: { code } }))).msg).toBe(
      'body.result: the processing result is required',
    );
    const backwards = await refusal(
      tech1.client.workorders.repairSubmit({
        body: {
          code,
          work: { result: 'ok', executetime: server.now() - 1_000, finishtime: server.now() - 60_000 },
        },
      }),
    );
    expect(backwards.msg).toBe('body.work.finishtime: completion cannot be before the start');
    const beyond = await refusal(
      tech1.client.workorders.repairSubmit({
        body: { code, work: { result: 'ok', spareParts: [{ partId: part.id, quantity: part.stock + 1 }] } },
      }),
    );
    expect(beyond.msg).toBe(
      `body.work.spareParts: spare-part consumption cannot exceed stock: ${part.stock + 1} of ${part.name} NH00 63A asked, ${part.stock} in stock`,
    );
    expect((await tech1.client.workorders.repairDetail({ params: { code } })).order.workSheetStatus).toBe(
      S.toBeRepaired,
    );
  });

  it('submits for review: the auditor hears of it; the executor may not review their own order', async () => {
    const submitted = await tech1.client.workorders.repairSubmit({
      body: { code, work: { result: 'Replaced the contact, tested under load' } },
    });
    expect(submitted).toMatchObject({ workSheetStatus: S.toBeReviewed, reviewStage: 1 });
    expect(submitted.finishtime).not.toBeNull();
    expect(await noticesAbout(server, auditor.user.id, code)).toEqual([
      expect.objectContaining({
        log_type: 715,
        description: expect.stringContaining('was submitted for review'),
      }),
    ]);
    // The technician holds no audit permission: refused by the contract's key.
    await expect(
      tech1.client.workorders.repairReview({ body: { code, outcome: 'pass' } }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('returns it with a comment (required), saves a review for later, then passes it', async () => {
    const noComment = await refusal(
      auditor.client.workorders.repairReview({ body: { code, outcome: 'fail' } }),
    );
    expect(noComment.msg).toBe('body.comment: say why the order is returned');
    const saved = await auditor.client.workorders.repairReview({
      body: { code, outcome: 'save', comment: 'checking the photos' },
    });
    expect(saved.workSheetStatus).toBe(S.toBeReviewed);
    expect((await auditor.client.workorders.repairDetail({ params: { code } })).reviewDraft).toMatchObject({
      comment: 'checking the photos',
      savedBy: 'sh-auditor',
    });
    const returned = await auditor.client.workorders.repairReview({
      body: { code, outcome: 'fail', comment: 'attach a photo' },
    });
    expect(returned.workSheetStatus).toBe(S.returned);
    expect((await noticesAbout(server, tech1.user.id, code)).map((n) => n.description)).toContainEqual(
      expect.stringContaining('was returned to you'),
    );
    const again = await tech1.client.workorders.repairSubmit({ body: { code } });
    expect(again.workSheetStatus).toBe(S.toBeReviewed);
    const done = await auditor.client.workorders.repairReview({
      body: { code, outcome: 'pass', comment: 'ok' },
    });
    expect(done.workSheetStatus).toBe(S.completed);
  });

  it('takes the parts used out of the stock at completion, naming the order', async () => {
    const after = (await operator.client.devices.spareParts({ body: { ids: [part.id] } })).list[0];
    expect(after?.stock).toBe(part.stock - 2);
    const moves = await operator.client.devices.stockMoves({ body: { partId: part.id } });
    expect(moves.list[0]).toMatchObject({ kind: 2, quantity: 2, orderCode: code, deviceId: device.id });
    part = { ...part, stock: part.stock - 2 };
  });

  it('keeps who did what when, and ends the life cycle', async () => {
    const detail = await operator.client.workorders.repairDetail({ params: { code } });
    expect(detail.timeline.map((s) => [s.action, s.userName, s.fromStatus, s.toStatus, s.note])).toEqual([
      ['create', 'sh-viewer', null, 1, ''],
      ['take', 'sh-tech1', 1, 2, ''],
      ['stash', 'sh-tech1', 2, 2, ''],
      ['submit', 'sh-tech1', 2, 3, ''],
      ['audit', 'sh-auditor', 3, 3, ''],
      ['audit', 'sh-auditor', 3, 4, 'fail: attach a photo'],
      ['submit', 'sh-tech1', 4, 3, ''],
      ['audit', 'sh-auditor', 3, 5, 'pass: ok'],
    ]);
    expect(detail.actions).toEqual([]);
    const late = await refusal(
      operator.client.workorders.repairDiscard({ body: { code, reason: 'duplicate' } }),
    );
    expect(late.msg).toBe(
      `order ${code} is completed (已完成), executor sh-tech1: discard is not possible in that state`,
    );
  });
});

describe('maintenance orders: technician review, then shift-leader review', () => {
  it('goes through both stages with their own permissions, and marks the device maintained', async () => {
    const items = await operator.client.maintenance.items({ body: { keyword: 'Visual' } });
    const order = await operator.client.workorders.maintenanceCreate({
      body: { description: 'Quarterly check', deviceId: device.id, itemIds: items.list.map((i) => i.id) },
    });
    const code = order.code;
    expect(order.code).toMatch(/^MO-/);
    await operator.client.workorders.maintenanceAssign({ body: { code, executorId: tech1.user.id } });
    expect((await noticesAbout(server, tech1.user.id, code)).map((n) => n.description)).toEqual([
      expect.stringContaining('was assigned to you'),
    ]);
    const detail = await tech1.client.workorders.maintenanceDetail({ params: { code } });
    const item = detail.items[0];
    if (!item) throw new Error('no item');
    await tech1.client.workorders.maintenanceSubmit({
      body: {
        code,
        work: { result: 'All done', items: [{ itemId: item.itemId, done: true, reading: '42' }] },
      },
    });
    const stageOne = await tech1.client.workorders.maintenanceDetail({ params: { code } });
    expect(stageOne.items[0]).toMatchObject({ done: true, reading: '42' });
    const wrong = await refusal(
      leader.client.workorders.maintenanceReview({ body: { code, outcome: 'pass' } }),
    );
    expect(wrong).toEqual({
      name: 'PermissionError',
      msg: 'no permission: technician review needs workorder_technician_review',
    });
    const passed = await auditor.client.workorders.maintenanceReview({ body: { code, outcome: 'pass' } });
    expect(passed).toMatchObject({ workSheetStatus: S.toBeReviewed, reviewStage: 2 });
    expect((await noticesAbout(server, leader.user.id, code)).length).toBe(1);
    const early = await refusal(
      auditor.client.workorders.maintenanceReview({ body: { code, outcome: 'pass' } }),
    );
    expect(early.msg).toBe('no permission: shift leader review needs workorder_shift_leader_review');
    const done = await leader.client.workorders.maintenanceReview({ body: { code, outcome: 'pass' } });
    expect(done.workSheetStatus).toBe(S.completed);
    const maintained = (await operator.client.devices.devices({ body: { ids: [device.id] } })).list[0];
    expect(maintained?.lastMaintenance).toBe(done.finishtime);
  });
});

describe('two people at once', () => {
  it('lets one of two takers win; the other is told the state and who has it', async () => {
    for (let round = 0; round < 3; round++) {
      const { code } = await operator.client.workorders.repairCreate(repair(`Race ${round}`));
      const results = await Promise.allSettled([
        tech1.client.workorders.repairTake({ body: { code } }),
        tech2.client.workorders.repairTake({ body: { code } }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const winner = (won[0] as PromiseFulfilledResult<{ executorName: string }>).value.executorName;
      expect(lost[0]?.reason).toMatchObject({
        httpStatus: 409,
        msg: `order ${code} is to be repaired (待维修), executor ${winner}: take order is not possible in that state`,
      });
      const steps = (await operator.client.workorders.repairDetail({ params: { code } })).timeline;
      expect(steps.filter((s) => s.action === 'take')).toHaveLength(1);
    }
  });

  it('lets only the team’s members take a team’s order', async () => {
    const { code } = await operator.client.workorders.repairCreate(repair('For the team', { teamId: team }));
    const outsider = await refusal(tech1.client.workorders.repairTake({ body: { code } }));
    expect(outsider.msg).toBe(
      `order ${code} is for the team Shanghai operations team; only its members may take it`,
    );
    expect((await tech2.client.workorders.repairTake({ body: { code } })).executorName).toBe('sh-tech2');
  });
});

describe('batch submit', () => {
  it('submits each order with its draft and refuses the others with the reason', async () => {
    const ready = await operator.client.workorders.repairCreate(repair('Batch one'));
    const unready = await operator.client.workorders.repairCreate(repair('Batch two'));
    const untouched = await operator.client.workorders.repairCreate(repair('Batch three'));
    for (const o of [ready, unready]) await tech1.client.workorders.repairTake({ body: { code: o.code } });
    await tech1.client.workorders.repairStash({ body: { code: ready.code, work: { result: 'fixed' } } });
    const answer = await tech1.client.workorders.repairSubmitBatch({
      body: { codes: [ready.code, unready.code, untouched.code, 'RO-000000-9999'] },
    });
    expect(answer.submitted).toEqual([ready.code]);
    expect(answer.refused).toEqual([
      { code: unready.code, message: 'the processing result is required' },
      {
        code: untouched.code,
        message: `order ${untouched.code} is to be confirmed (待确认): submit is not possible in that state`,
      },
      { code: 'RO-000000-9999', message: 'order RO-000000-9999 does not exist in this project' },
    ]);
  });
});

describe('an order from an event', () => {
  let eventId: number;

  beforeAll(async () => {
    const row = await server.services.db
      .insertInto('events')
      .values({
        project_id: SH,
        log_type: 704,
        event_class: 2,
        level: 1,
        status: EVENT_STATUS.pending,
        time: server.now() - 60_000,
        end_time: null,
        node_id: device.nodeId,
        point_id: null,
        scheme_id: null,
        incident_id: null,
        description: `${device.name}: active power 612.4 kW over the 600 kW threshold (level 1)`,
        value: 612.4,
        threshold: 600,
        unit: 'kW',
        confirmed_by: null,
        confirmed_at: null,
        result: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = row.id;
  });

  it('links the order to the event (its node and device), and the event answers with its order', async () => {
    const order = await operator.client.workorders.repairCreate({
      body: { eventId, description: 'Demand over threshold: check the load', tasklevel: 1 },
    });
    expect(order).toMatchObject({ source: 'event', eventId, nodeId: device.nodeId, deviceId: device.id });
    const event = await operator.client.events.event({ params: { id: eventId } });
    expect(event.repairOrder).toEqual({
      code: order.code,
      workSheetStatus: S.toBeConfirmed,
      statusName: 'To be confirmed',
    });
    const detail = await operator.client.workorders.repairDetail({ params: { code: order.code } });
    expect(detail.event).toMatchObject({ id: eventId, level: 1, logType: 704 });
    const twice = await refusal(
      operator.client.workorders.repairCreate({ body: { eventId, description: 'again', tasklevel: 1 } }),
    );
    expect(twice.msg).toBe(`body.eventId: event ${eventId} already has repair order ${order.code}`);
    // Discarded, the event may get a new order.
    await operator.client.workorders.repairDiscard({ body: { code: order.code, reason: 'raised twice' } });
    expect((await operator.client.events.event({ params: { id: eventId } })).repairOrder).toBeNull();
    const second = await operator.client.workorders.repairCreate({
      body: { eventId, description: 'Demand over threshold', tasklevel: 1 },
    });
    expect(
      (await operator.client.workorders.repairQuery({ body: { eventId } })).list.map((o) => o.code),
    ).toEqual([second.code, order.code]);
  });
});

describe('the board', () => {
  it('counts by state with the filters, pages by state and exports what it shows', async () => {
    const counts = await operator.client.workorders.repairCount({ body: {} });
    const list = await operator.client.workorders.repairQuery({ body: { page: { index: 0, limit: 1000 } } });
    expect(counts.total).toBe(list.total);
    for (const [status, n] of Object.entries(counts.byStatus)) {
      const page = await operator.client.workorders.repairQuery({
        body: { workSheetStatus: Number(status) },
      });
      expect(page.total, `status ${status}`).toBe(n);
    }
    expect(counts.overdue).toBe(list.list.filter((o) => o.overdue).length);
    const mine = await operator.client.workorders.repairQuery({
      body: { executorId: tech1.user.id, keyword: 'Race' },
    });
    expect(mine.list.every((o) => o.executorId === tech1.user.id && o.description.startsWith('Race'))).toBe(
      true,
    );
    const file = await operator.client.workorders.repairExport.download({
      body: { workSheetStatus: S.completed },
    });
    expect(file.filename).toMatch(/^repair-orders-\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Code');
    expect((sheet?.rowCount ?? 0) - 1).toBe(counts.byStatus[String(S.completed)]);
  });

  it('refuses a range over 12 months and oversized input, naming the field', async () => {
    const start = Date.UTC(2025, 0, 1);
    const long = await refusal(
      operator.client.workorders.repairQuery({
        body: { startTime: start, endTime: start + 400 * 86_400_000 },
      }),
    );
    expect(long.msg).toBe('body.endTime: the query span cannot exceed 12 months');
    const keyword = await raw(
      server,
      operator.token,
      'POST',
      '/eem-service/v1/workorder/repair/query',
      {
        keyword: 'x'.repeat(101),
      },
      { projectId: String(SH) },
    );
    expect(keyword).toMatchObject({ status: 400, msg: 'body.keyword: at most 100 characters' });
    const many = await raw(
      server,
      operator.token,
      'POST',
      '/eem-service/v1/workorder/repair/submit/batch',
      {
        codes: Array.from({ length: 101 }, (_, i) => `RO-${i}`),
      },
      { projectId: String(SH) },
    );
    expect(many).toMatchObject({ status: 400, msg: 'body.codes: at most 100 orders at a time' });
  });
});

describe('the project boundary', () => {
  it('hides another project’s orders, in and out of the tenant', async () => {
    const { code } = await operator.client.workorders.repairCreate(repair('Shanghai only'));
    const fromChicago = await refusal(chicago.client.workorders.repairDetail({ params: { code } }));
    expect(fromChicago).toEqual({
      name: 'NotFoundError',
      msg: `order ${code} does not exist in this project`,
    });
    const fromBerlin = await refusal(berlin.client.workorders.repairTake({ body: { code } }));
    expect(fromBerlin.msg).toBe(`order ${code} does not exist in this project`);
    const list = await chicago.client.workorders.repairQuery({ body: { keyword: 'Shanghai only' } });
    expect(list.total).toBe(0);
    await expect(
      chicago.client.workorders.repairQuery({ body: {} }, { projectId: SH }),
    ).rejects.toBeInstanceOf(PermissionError);
    // Ids of another project are refused as unknown in this one.
    const foreign = await refusal(
      berlin.client.workorders.repairCreate({ body: { description: 'x', deviceId: device.id } }),
    );
    expect(foreign.msg).toBe(`body.deviceId: device ${device.id} does not exist in this project`);
    expect(userId(server, 'operator-chi')).toBeGreaterThan(0);
  });
});

/** A png of the given size in pixels (only its header is read), padded to `bytes`. */
function png(width: number, height: number, bytes = 200): Uint8Array {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(data.buffer).setUint32(16, width);
  new DataView(data.buffer).setUint32(20, height);
  return data;
}
const PDF = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25]);

function upload(who: SignedIn, kind: 'image' | 'document', name: string, data: Uint8Array) {
  return who.client.upload(catalogue.files.uploadFile, { body: { kind }, files: [{ name, data }] });
}
function download(who: SignedIn, fileName: string) {
  return who.client.download(catalogue.files.downloadFile, { query: { fileName } });
}

describe('attachments', () => {
  it('carries photos from creation and the work’s photos and files, described in the detail', async () => {
    const fault = await upload(viewer, 'image', 'leak.png', png(640, 480));
    const { code } = await viewer.client.workorders.repairCreate(
      repair('Leaking valve, photo attached', { attachments: [fault.fileName] }),
    );
    await tech1.client.workorders.repairTake({ body: { code } });
    const after = await upload(tech1, 'image', 'fixed.png', png(800, 600));
    const report = await upload(tech1, 'document', 'report.pdf', PDF);
    await tech1.client.workorders.repairStash({
      body: { code, work: { result: 'replaced', attachments: [after.fileName, report.fileName] } },
    });
    const detail = await viewer.client.workorders.repairDetail({ params: { code } });
    expect(detail.order.attachments).toEqual([fault.fileName]);
    expect(detail.work.attachments).toEqual([after.fileName, report.fileName]);
    expect(detail.files.map((f) => [f.originalName, f.contentType])).toEqual([
      ['leak.png', 'image/png'],
      ['fixed.png', 'image/png'],
      ['report.pdf', 'application/pdf'],
    ]);
    const file = await viewer.client.download(catalogue.files.downloadFile, {
      query: { fileName: after.fileName },
    });
    expect(file.filename).toBe('fixed.png');

    // Only those who may see the order fetch its files: not a user of the project without the
    // repair board, not another project of the tenant, not another tenant.
    for (const who of [leader, berlin, chicago]) {
      expect((await refusal(download(who, after.fileName))).name).toBe('PermissionError');
      expect((await refusal(download(who, fault.fileName))).name).toBe('PermissionError');
    }
    // A file the order uses cannot be deleted under it.
    const used = await refusal(tech1.client.files.deleteFile({ query: { fileName: after.fileName } }));
    expect(used.msg).toBe(`the file is still used by work order ${code}; remove it there first`);

    // Removed while the order is editable: off the order, and the stored file is deleted.
    await tech1.client.workorders.repairStash({ body: { code, work: { attachments: [after.fileName] } } });
    expect((await refusal(download(tech1, report.fileName))).name).toBe('NotFoundError');
    const submitted = await tech1.client.workorders.repairSubmit({ body: { code, work: {} } });
    expect(submitted.workSheetStatus).toBe(S.toBeReviewed);
    const done = await auditor.client.workorders.repairDetail({ params: { code } });
    expect(done.work.attachments).toEqual([after.fileName]);
    expect(done.actions).not.toContain('stash');
  });

  it('checks type by content, size, pixels, count, and the project of each file', async () => {
    const fake = await refusal(upload(tech1, 'image', 'fake.png', PDF));
    expect(fake.msg).toBe('file: the content is not a png file');
    const huge = await refusal(upload(tech1, 'image', 'huge.png', png(20_000, 20_000)));
    expect(huge.msg).toBe('file: the image is 20000×20000 pixels; at most 40 million pixels');
    const big = await refusal(upload(tech1, 'image', 'big.png', png(10, 10, 200 * 1024 + 1)));
    expect(big.msg).toBe('file: file too large');

    const { code } = await operator.client.workorders.repairCreate(repair('Attachment limits'));
    await tech1.client.workorders.repairTake({ body: { code } });
    const six = Array.from({ length: 6 }, (_, i) => `${String(i).repeat(32)}.png`);
    const many = await refusal(
      tech1.client.workorders.repairStash({ body: { code, work: { attachments: six } } }),
    );
    expect(many.msg).toBe('body.work.attachments: at most 5 files');
    // A file uploaded in another project of the tenant is no file of this one.
    const elsewhere = await upload(berlin, 'image', 'berlin.png', png(10, 10));
    const foreign = await refusal(
      tech1.client.workorders.repairStash({ body: { code, work: { attachments: [elsewhere.fileName] } } }),
    );
    expect(foreign.msg).toBe(`body.work.attachments.0: ${elsewhere.fileName} is not an uploaded file`);
    const unknown = await refusal(
      operator.client.workorders.repairCreate(
        repair('Unknown photo', { attachments: ['ffffffffffffffffffffffffffffffff.png'] }),
      ),
    );
    expect(unknown.msg).toBe(
      'body.attachments.0: ffffffffffffffffffffffffffffffff.png is not an uploaded file',
    );
  });
});
