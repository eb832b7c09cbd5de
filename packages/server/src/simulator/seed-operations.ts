/**
 * The operations of the demo projects (issue 18), once (a settings marker), deterministic for
 * EEM_SEED: device templates with parameters, a ledger device for every transformer, device and
 * pump node of the tree, the maintenance item library, spare parts with three months of stock
 * moves (some below their safety stock), maintenance plans (one disabled), and work orders in
 * every state with their timelines: from the plans' past occurrences and by hand, some overdue,
 * completed ones with the spare parts they used. Written as history: no notices. Repair orders
 * from events come from the demo's alarms (demo-repairs.ts), through the service a person uses.
 */
import type { Project } from '@eem/contract';
import {
  DEVICE_STATUS,
  HOUR_MS,
  localParts,
  orderDeadline,
  type PlanCycle,
  planOccurrence,
  STOCK_MOVE,
  type TemplateParameter,
  WORK_ORDER_STATUS,
  type WorkOrderType,
  zonedTime,
} from '@eem/core';
import { z } from 'zod';
import {
  type DeviceRow,
  insertDevice,
  insertTemplate,
  type TemplateRow,
} from '../areas/devices/repo/devices.js';
import { insertPart, moveStock, type PartRow } from '../areas/devices/repo/spare-parts.js';
import { scheduleFrom } from '../areas/maintenance/plans.js';
import { type ItemRow, insertItem, insertPlan } from '../areas/maintenance/repo/maintenance.js';
import { nodeAttributes, nodesOfTypes } from '../areas/nodes/repo/nodes.js';
import { toWireProject } from '../areas/projects/project-store.js';
import { allProjects } from '../areas/projects/repo/projects.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { orderItemsOf, writeNewOrder } from '../areas/workorders/orders.js';
import { insertSteps, type OrderRow, updateOrderIf } from '../areas/workorders/repo/orders.js';
import { operationsTeams } from '../areas/workorders/repo/people.js';
import { type Db, inTransaction } from '../db/database.js';
import type { DemoWorld } from '../first-start.js';
import type { Services } from '../services.js';
import { type Random, seededRandom } from './random.js';
import { demoProjectIds } from './seed-nodes.js';

const MARKER = 'simulator.operations';
const DAY = 86_400_000;

const num = (
  name: string,
  unit: string,
  min: number | null,
  max: number | null,
  required = false,
): TemplateParameter => ({
  name,
  unit,
  dataType: 'number',
  min,
  max,
  required,
  options: [],
});
const choice = (name: string, options: string[]): TemplateParameter => ({
  name,
  unit: '',
  dataType: 'enum',
  min: null,
  max: null,
  required: false,
  options,
});

const TEMPLATES: { name: string; nodes: RegExp; params: TemplateParameter[]; items: string[] }[] = [
  {
    name: 'Transformer',
    nodes: /^Transformer /,
    params: [
      num('Rated capacity', 'kVA', 50, 100_000, true),
      { ...num('Voltage ratio', '', null, null), dataType: 'text' },
      choice('Cooling', ['ONAN', 'ONAF', 'AN', 'AF']),
      choice('Insulation class', ['A', 'B', 'F', 'H']),
    ],
    items: ['Check oil level and temperature', 'Measure insulation resistance', 'Clean bushings'],
  },
  {
    name: 'Air compressor',
    nodes: /^Air compressor /,
    params: [
      num('Rated power', 'kW', 1, 1_000, true),
      num('Working pressure', 'bar', 0, 16),
      num('Air flow', 'm3/min', 0, 200),
    ],
    items: ['Replace air filter', 'Check oil and separator', 'Drain condensate'],
  },
  {
    name: 'Chiller',
    nodes: /^Chiller /,
    params: [
      num('Cooling capacity', 'kW', 10, 10_000, true),
      choice('Refrigerant', ['R134a', 'R410A', 'R1234ze']),
    ],
    items: ['Clean condenser tubes', 'Check refrigerant pressure'],
  },
  {
    name: 'Boiler',
    nodes: /^Boiler /,
    params: [num('Steam output', 't/h', 0, 100, true), num('Design pressure', 'MPa', 0, 10)],
    items: ['Check safety valves', 'Inspect burner'],
  },
  {
    name: 'Pump',
    nodes: /pump/i,
    params: [
      num('Flow', 'm3/h', 0, 5_000),
      num('Head', 'm', 0, 500),
      num('Rated power', 'kW', 0, 1_000, true),
    ],
    items: ['Lubricate bearings', 'Check seal leakage'],
  },
];

const GENERIC_ITEMS = ['Tighten terminals', 'Visual inspection'];

const ITEM_TEXT: Record<string, { content: string; method: string; standard: string; hours: number }> = {
  'Check oil level and temperature': {
    content: 'Oil level gauge and top-oil temperature',
    method: 'Read gauges, compare with the log',
    standard: 'Level within marks, below 85 °C',
    hours: 0.5,
  },
  'Measure insulation resistance': {
    content: 'Windings to earth',
    method: '2500 V megger, 60 s',
    standard: 'At least 1000 MΩ',
    hours: 2,
  },
  'Clean bushings': {
    content: 'HV and LV bushings',
    method: 'Dry cloth, de-energised',
    standard: 'No dirt or tracking marks',
    hours: 1,
  },
  'Replace air filter': {
    content: 'Intake filter element',
    method: 'Swap the element, reset the counter',
    standard: 'Pressure drop below 50 mbar',
    hours: 0.5,
  },
  'Check oil and separator': {
    content: 'Compressor oil and separator',
    method: 'Sight glass, differential pressure',
    standard: 'Oil at mark, Δp below 1 bar',
    hours: 0.5,
  },
  'Drain condensate': {
    content: 'Receiver and dryer drains',
    method: 'Open drain valves',
    standard: 'No water in the line',
    hours: 0.25,
  },
  'Clean condenser tubes': {
    content: 'Condenser water side',
    method: 'Brush the tubes',
    standard: 'Approach below 3 K',
    hours: 4,
  },
  'Check refrigerant pressure': {
    content: 'Suction and discharge',
    method: 'Gauges at full load',
    standard: 'Within the manufacturer’s table',
    hours: 0.5,
  },
  'Check safety valves': {
    content: 'Safety valves',
    method: 'Lift test',
    standard: 'Opens at the set pressure',
    hours: 1,
  },
  'Inspect burner': {
    content: 'Burner head and flame',
    method: 'Flue gas analyser',
    standard: 'O2 3–5 %, CO below 50 ppm',
    hours: 1.5,
  },
  'Lubricate bearings': {
    content: 'Pump and motor bearings',
    method: 'Grease gun, 10 g each',
    standard: 'Bearing temperature below 70 °C',
    hours: 0.5,
  },
  'Check seal leakage': {
    content: 'Mechanical seal',
    method: 'Visual at running pump',
    standard: 'No more than 10 drops a minute',
    hours: 0.25,
  },
  'Tighten terminals': {
    content: 'Power terminals',
    method: 'Torque wrench',
    standard: 'Torque as specified, no discolouration',
    hours: 0.5,
  },
  'Visual inspection': {
    content: 'Housing, guards, labels',
    method: 'Walk round',
    standard: 'No damage or leaks',
    hours: 0.25,
  },
};

const PARTS: {
  name: string;
  model: string;
  unit: string;
  template: string | null;
  price: number;
  safety: number;
  stock: number;
}[] = [
  {
    name: 'Air filter element',
    model: 'GA75-AF',
    unit: 'pcs',
    template: 'Air compressor',
    price: 86,
    safety: 4,
    stock: 10,
  },
  {
    name: 'Oil separator',
    model: 'GA75-OS',
    unit: 'pcs',
    template: 'Air compressor',
    price: 240,
    safety: 2,
    stock: 3,
  },
  {
    name: 'Compressor oil',
    model: 'Roto-Inject 20L',
    unit: 'can',
    template: 'Air compressor',
    price: 310,
    safety: 3,
    stock: 6,
  },
  { name: 'Bearing', model: '6205-2RS', unit: 'pcs', template: 'Pump', price: 12.5, safety: 10, stock: 30 },
  { name: 'Mechanical seal', model: '35 mm', unit: 'pcs', template: 'Pump', price: 95, safety: 2, stock: 2 },
  {
    name: 'Transformer oil',
    model: '25# 200L',
    unit: 'drum',
    template: 'Transformer',
    price: 1800,
    safety: 1,
    stock: 2,
  },
  { name: 'Fuse', model: 'NH00 63A', unit: 'pcs', template: null, price: 9.8, safety: 20, stock: 50 },
  { name: 'Contactor', model: 'LC1D95', unit: 'pcs', template: null, price: 420, safety: 2, stock: 4 },
];

/** The demo users of a project: who executes and who reviews (never the executor). */
const PEOPLE: Record<string, { executor: string; reviewer: string | null; operator: string }> = {
  'SH-01': { executor: 'inspector', reviewer: 'operator-sh', operator: 'operator-sh' },
  'BE-01': { executor: 'manager-bj', reviewer: 'tenant-admin', operator: 'manager-bj' },
  'CH-01': { executor: 'operator-chi', reviewer: null, operator: 'operator-chi' },
};

/** The demo user who raises a project's repair orders from its alarms (demo-repairs.ts). */
export function demoOperator(world: DemoWorld, projectId: number): number | undefined {
  const code = Object.entries(world.projects).find(([, id]) => id === projectId)?.[0];
  const name = code ? PEOPLE[code]?.operator : undefined;
  return name ? world.users[name] : undefined;
}

interface Site {
  project: Project;
  templates: TemplateRow[];
  devices: DeviceRow[];
  items: Map<string, ItemRow>;
  parts: PartRow[];
  teamId: number | null;
  executor: number;
  reviewer: number | null;
}

export async function seedOperations(services: Services, world: DemoWorld): Promise<void> {
  const { db } = services;
  if (await readSetting(db, MARKER, z.boolean(), false)) return;
  const ids = demoProjectIds(world.projects);
  const projects = (await allProjects(db)).filter((p) => ids.includes(p.id)).map(toWireProject);
  await inTransaction(db, async (trx) => {
    for (const project of projects.sort((a, b) => a.id - b.id)) {
      const people = PEOPLE[project.code];
      const executor = people ? world.users[people.executor] : undefined;
      if (!people || executor === undefined) continue;
      const random = seededRandom(services.config.seed * 7_919 + project.id);
      const site = await seedLedger(services, trx, project, random, {
        executor,
        reviewer: people.reviewer ? (world.users[people.reviewer] ?? null) : null,
      });
      await seedOrders(services, trx, site, random);
    }
    await writeSetting(trx, MARKER, true);
  });
}

async function seedLedger(
  services: Services,
  trx: Db,
  project: Project,
  random: Random,
  people: { executor: number; reviewer: number | null },
): Promise<Site> {
  const now = services.clock();
  const items = new Map<string, ItemRow>();
  for (const name of [...TEMPLATES.flatMap((t) => t.items), ...GENERIC_ITEMS]) {
    const text = ITEM_TEXT[name] ?? { content: name, method: '', standard: '', hours: 1 };
    const type = TEMPLATES.find((t) => t.items.includes(name))?.name ?? '';
    items.set(
      name,
      await insertItem(trx, {
        project_id: project.id,
        name,
        device_type: type,
        content: text.content,
        method: text.method,
        standard: text.standard,
        hours: Math.round(text.hours * HOUR_MS),
        spare_parts: [],
        created_at: now - 120 * DAY,
        updated_at: now - 120 * DAY,
      }),
    );
  }
  const templates: TemplateRow[] = [];
  for (const t of TEMPLATES)
    templates.push(
      await insertTemplate(trx, {
        project_id: project.id,
        name: t.name,
        parameters: t.params,
        item_ids: t.items.flatMap((n) => items.get(n)?.id ?? []),
        created_at: now - 120 * DAY,
        updated_at: now - 120 * DAY,
      }),
    );
  const nodes = (await nodesOfTypes(trx, project.id, ['transformer', 'device', 'pump'])).sort(
    (a, b) => a.id - b.id,
  );
  const devices: DeviceRow[] = [];
  for (const node of nodes) {
    const attrs = nodeAttributes(node);
    const template = TEMPLATES.find((t) => t.nodes.test(node.name));
    const row = template ? templates.find((t) => t.name === template.name) : undefined;
    const factory = now - random.int(3 * 365, 12 * 365) * DAY;
    const parameters: Record<string, string | number> = {};
    for (const p of row?.parameters ?? []) {
      if (p.dataType === 'enum') parameters[p.name] = random.pick(p.options);
      else if (p.dataType === 'text') parameters[p.name] = '10/0.4 kV';
      else if (p.name === 'Rated capacity') parameters[p.name] = Number(attrs.ratedcapacity ?? 1000);
      else if (p.name === 'Rated power') parameters[p.name] = Number(attrs.ratedpower ?? random.int(15, 160));
      else parameters[p.name] = random.int(Math.max(1, p.min ?? 1), Math.min(p.max ?? 100, 500));
    }
    const last = now - random.int(5, 60) * DAY;
    devices.push(
      await insertDevice(trx, {
        project_id: project.id,
        template_id: row?.id ?? null,
        name: node.name,
        code: String(attrs.code ?? `N${node.id}`),
        model: String(attrs.model ?? (template?.name === 'Transformer' ? 'SCB13' : '')),
        manufacturer: String(attrs.manufacturer ?? (template?.name === 'Transformer' ? 'TBEA' : '')),
        node_id: node.id,
        factory_date: factory,
        operation_date: factory + random.int(30, 200) * DAY,
        // One device of the ledger is scrapped.
        status: devices.length === 3 ? DEVICE_STATUS.scrapped : DEVICE_STATUS.run,
        last_maintenance: last,
        next_maintenance: last + 90 * DAY,
        parameters,
        image: null,
        documents: [],
        created_at: now - 120 * DAY,
        updated_at: now - 120 * DAY,
      }),
    );
  }
  const parts: PartRow[] = [];
  for (const p of PARTS) {
    const template = p.template ? templates.find((t) => t.name === p.template) : undefined;
    const fits = devices
      .filter((d) => template !== undefined && d.template_id === template.id)
      .map((d) => d.id);
    let part = await insertPart(trx, {
      project_id: project.id,
      name: p.name,
      model: p.model,
      unit: p.unit,
      template_id: template?.id ?? null,
      supplier: random.pick(['Shanghai Electric Supply', 'Rhein Industrietechnik', 'Midwest MRO']),
      contact_phone: `1${random.int(3, 9)}${String(random.int(0, 999_999_999)).padStart(9, '0')}`,
      safety_stock: p.safety,
      stock: 0,
      price: p.price,
      device_ids: fits.slice(0, 20),
      created_at: now - 100 * DAY,
      updated_at: now - 100 * DAY,
    });
    const moved = await moveStock(trx, part, {
      kind: STOCK_MOVE.in,
      quantity: p.stock + random.int(0, 4),
      time: now - 95 * DAY,
      user_id: people.executor,
      device_id: null,
      order_id: null,
      note: 'initial stock',
    });
    if (moved) part = moved.part;
    // A few stock-outs over the months, for devices the part fits.
    for (let i = random.int(1, 4); i > 0; i--) {
      const quantity = random.int(1, 2);
      if (part.stock - quantity < 0) break;
      const out = await moveStock(trx, part, {
        kind: STOCK_MOVE.out,
        quantity,
        time: now - random.int(10, 85) * DAY,
        user_id: people.executor,
        device_id: fits.length > 0 ? random.pick(fits) : null,
        order_id: null,
        note: random.pick(['replacement', 'breakdown', 'scheduled service']),
      });
      if (out) part = out.part;
    }
    parts.push(part);
  }
  const teams = await operationsTeams(trx, project.tenantId, project.id);
  return { project, templates, devices, items, parts, teamId: teams[0]?.id ?? null, ...people };
}

type Script =
  | 'open'
  | 'assigned'
  | 'review'
  | 'reviewStage2'
  | 'returned'
  | 'completed'
  | 'timedOut'
  | 'discarded';

/**
 * Moves a fresh order (to be confirmed, created at `created`) through a script of steps at
 * past times, as the services would have: assign/take, submit, reviews, discard, the timeout.
 */
async function script(
  trx: Db,
  site: Site,
  row: OrderRow,
  what: Script,
  created: number,
  random: Random,
  now: number,
): Promise<void> {
  const S = WORK_ORDER_STATUS;
  let order = row;
  let at = created;
  // Steps an hour or so apart, all of them before now (up to 6 steps).
  const unit = Math.max(60_000, Math.min(HOUR_MS, Math.floor((now - created) / 40)));
  const step = async (
    action: string,
    userId: number | null,
    change: Parameters<typeof updateOrderIf>[2],
    note = '',
  ) => {
    at += random.int(1, 6) * unit;
    const written = await updateOrderIf(trx, order, { ...change, updated_at: at });
    if (!written) throw new Error(`demo order ${order.code} changed under the seeder`);
    await insertSteps(trx, [
      {
        project_id: order.project_id,
        order_id: order.id,
        time: at,
        action,
        user_id: userId,
        from_status: order.status,
        to_status: written.status,
        note,
      },
    ]);
    order = written;
  };
  if (what === 'open') return;
  if (what === 'timedOut') {
    at = order.deadline;
    await step('timeout', null, { status: S.timedOut, overdue: 1 });
    return;
  }
  if (what === 'discarded') {
    await step(
      'discard',
      site.reviewer ?? site.executor,
      { status: S.discarded },
      'duplicate of another order',
    );
    return;
  }
  const executor = site.executor;
  if (site.teamId !== null && random.next() < 0.5)
    await step('take', executor, { status: S.toBeRepaired, executor_id: executor, taken_at: at + unit });
  else
    await step(
      'assign',
      site.reviewer ?? executor,
      { status: S.toBeRepaired, executor_id: executor, taken_at: at + unit },
      '',
    );
  if (what === 'assigned') return;
  const parts =
    order.type === 'repair' || random.next() < 0.5
      ? [{ partId: random.pick(site.parts).id, quantity: 1 }].filter(
          (p) => (site.parts.find((x) => x.id === p.partId)?.stock ?? 0) > 1,
        )
      : [];
  const start = at + unit;
  const finish = start + random.int(1, 3) * unit;
  await step('submit', executor, {
    status: S.toBeReviewed,
    review_stage: 1,
    executetime: start,
    finishtime: finish,
    submitted_at: finish,
    overdue: finish > order.deadline ? 1 : 0,
    items: order.items.map((i) => ({
      ...i,
      done: true,
      reading: random.next() < 0.3 ? `${random.int(20, 80)}` : '',
    })),
    work: {
      result:
        order.type === 'repair'
          ? 'Replaced the failed part, tested under load'
          : 'All items done, no findings',
      cause:
        order.type === 'repair' ? random.pick(['worn contact', 'loose terminal', 'ageing insulation']) : '',
      spareParts: parts,
      attachments: [],
    },
  });
  if (what === 'review' || site.reviewer === null) return;
  const reviewer = site.reviewer;
  if (what === 'returned') {
    await step(
      order.type === 'repair' ? 'audit' : 'technicianReview',
      reviewer,
      { status: S.returned, review_stage: 0 },
      'fail: attach a photo of the repaired part',
    );
    return;
  }
  if (order.type === 'maintenance') {
    await step('technicianReview', reviewer, { status: S.toBeReviewed, review_stage: 2 }, 'pass');
    if (what === 'reviewStage2') return;
    await step(
      'shiftLeaderReview',
      reviewer,
      { status: S.completed, review_stage: 0, completed_at: at },
      'pass',
    );
  } else await step('audit', reviewer, { status: S.completed, review_stage: 0, completed_at: at }, 'pass');
  for (const used of parts) {
    const part = site.parts.find((p) => p.id === used.partId);
    if (!part) continue;
    const moved = await moveStock(trx, part, {
      kind: STOCK_MOVE.out,
      quantity: used.quantity,
      time: at,
      user_id: executor,
      device_id: order.device_id,
      order_id: order.id,
      note: order.code,
    });
    if (moved) site.parts[site.parts.indexOf(part)] = moved.part;
  }
}

const noNotices = async () => [];

async function seedOrders(services: Services, trx: Db, site: Site, random: Random): Promise<void> {
  const { project } = site;
  const now = services.clock();
  const inService = site.devices.filter((d) => d.status === DEVICE_STATUS.run);
  const ofTemplate = (name: string) => {
    const t = site.templates.find((x) => x.name === name);
    return inService.filter((d) => t !== undefined && d.template_id === t.id);
  };
  const itemIds = (name: string) =>
    (TEMPLATES.find((t) => t.name === name)?.items ?? GENERIC_ITEMS).flatMap(
      (n) => site.items.get(n)?.id ?? [],
    );
  const p = localParts(now - 70 * DAY, project.timeZone);
  const morning = zonedTime(project.timeZone, p.year, p.month, p.day, 9);
  const planDefs: {
    name: string;
    template: string;
    cycle: PlanCycle;
    cycleHours: number | null;
    enabled: boolean;
  }[] = [
    {
      name: 'Transformer monthly check',
      template: 'Transformer',
      cycle: 'monthly',
      cycleHours: null,
      enabled: true,
    },
    {
      name: 'Compressor weekly service',
      template: 'Air compressor',
      cycle: 'weekly',
      cycleHours: null,
      enabled: true,
    },
    {
      name: 'Pump service by running hours',
      template: 'Pump',
      cycle: 'runningHours',
      cycleHours: 720,
      enabled: true,
    },
    {
      name: 'Boiler quarterly inspection',
      template: 'Boiler',
      cycle: 'quarterly',
      cycleHours: null,
      enabled: false,
    },
  ];
  // The seeded plans and, for their past occurrences (the last ones), orders in every state.
  // Past occurrences: states that no longer wait on the deadline (open ones would time out at once).
  const scripts: Script[] = [
    'completed',
    'completed',
    'reviewStage2',
    'review',
    'timedOut',
    'discarded',
    'completed',
    'review',
  ];
  let s = 0;
  for (const def of planDefs) {
    const devices = ofTemplate(def.template).slice(0, 4);
    if (devices.length === 0) continue;
    const timing = {
      first_time: morning,
      cycle: def.cycle,
      cycle_hours: def.cycleHours,
      remind_before: 24 * HOUR_MS,
    };
    const plan = await insertPlan(trx, {
      project_id: project.id,
      name: def.name,
      enabled: def.enabled ? 1 : 0,
      device_ids: devices.map((d) => d.id),
      item_ids: itemIds(def.template),
      cycle: def.cycle,
      cycle_hours: def.cycleHours,
      first_time: morning,
      team_id: site.teamId,
      timeconsumeplan: 4 * HOUR_MS,
      remind_before: 24 * HOUR_MS,
      tasklevel: 3,
      ...scheduleFrom(timing, now, project.timeZone),
      last_generated_at: now - DAY,
      created_at: morning - 10 * DAY,
      updated_at: morning - 10 * DAY,
    });
    if (!def.enabled) continue;
    const next = scheduleFrom(timing, now, project.timeZone);
    const items = await orderItemsOf(trx, project.id, plan.item_ids);
    // The two occurrences before the next one, for the first devices.
    for (const index of [next.next_index - 2, next.next_index - 1].filter((i) => i >= 0)) {
      const time = planOccurrence(morning, def.cycle, index, project.timeZone, def.cycleHours);
      for (const device of devices.slice(0, 2)) {
        const what = scripts[s++ % scripts.length] as Script;
        const created = time - 24 * HOUR_MS;
        const row = await writeNewOrder(
          trx,
          noNotices,
          services,
          project,
          {
            type: 'maintenance',
            description: `${plan.name}: ${items.map((i) => i.name).join(', ')}`,
            tasklevel: 3,
            deviceId: device.id,
            nodeId: null,
            teamId: site.teamId,
            creatorId: null,
            source: 'plan',
            planId: plan.id,
            planName: plan.name,
            eventId: null,
            executetimeplan: time,
            timeconsumeplan: 4 * HOUR_MS,
            attachments: [],
            items,
          },
          created,
        );
        await script(trx, site, row, what, created, random, now);
      }
    }
  }
  // Maintenance orders by hand for tomorrow morning: to be confirmed, taken, returned.
  const tomorrow = localParts(now + DAY, project.timeZone);
  const planned = zonedTime(project.timeZone, tomorrow.year, tomorrow.month, tomorrow.day, 9);
  for (const [i, what] of (['open', 'assigned', 'returned'] as const).entries()) {
    const device = inService[(i * 2 + 1) % Math.max(1, inService.length)];
    if (!device) break;
    const template = site.templates.find((t) => t.id === device.template_id);
    const items = await orderItemsOf(trx, project.id, itemIds(template?.name ?? ''));
    const created = now - (3 - i) * 2 * HOUR_MS;
    const row = await writeNewOrder(
      trx,
      noNotices,
      services,
      project,
      {
        type: 'maintenance',
        description: `${device.name}: ${items.map((x) => x.name).join(', ')}`,
        tasklevel: 2,
        deviceId: device.id,
        nodeId: null,
        teamId: site.teamId,
        creatorId: site.reviewer ?? site.executor,
        source: 'manual',
        planId: null,
        planName: '',
        eventId: null,
        executetimeplan: planned,
        timeconsumeplan: 6 * HOUR_MS,
        attachments: [],
        items,
      },
      created,
    );
    await script(trx, site, row, what, created, random, now);
  }
  // Repair orders by hand, in every state; the open ones still in time, the timed-out one late.
  const faults = [
    'Abnormal noise at full load',
    'Oil leak at the drain valve',
    'Breaker trips on start',
    'Temperature alarm keeps coming back',
    'Vibration above the limit',
    'Display shows no values',
    'Contactor chatters',
    'Seal leaking',
    'Insulation resistance low at last test',
  ];
  const repairScripts: Script[] = [
    'completed',
    'completed',
    'returned',
    'review',
    'assigned',
    'assigned',
    'timedOut',
    'discarded',
    'open',
  ];
  for (const [i, what] of repairScripts.entries()) {
    const device = inService[(i * 3) % Math.max(1, inService.length)];
    if (!device) break;
    const waiting = what === 'open' || what === 'assigned' || what === 'returned';
    const created = waiting ? now - random.int(2, 10) * HOUR_MS : now - random.int(2, 40) * DAY;
    const row = await writeNewOrder(
      trx,
      noNotices,
      services,
      project,
      {
        type: 'repair' as WorkOrderType,
        description: `${device.name}: ${faults[i % faults.length]}`,
        tasklevel: random.pick([1, 2, 2, 3]),
        deviceId: device.id,
        nodeId: device.node_id,
        teamId: site.teamId,
        creatorId: site.reviewer ?? site.executor,
        source: 'manual',
        planId: null,
        planName: '',
        eventId: null,
        executetimeplan: created,
        timeconsumeplan:
          (what === 'timedOut' ? 8 : waiting ? random.int(48, 96) : random.int(24, 72)) * HOUR_MS,
        attachments: [],
        items: [],
      },
      created,
    );
    if (orderDeadline(row.executetimeplan, row.timeconsumeplan) <= now || what !== 'timedOut')
      await script(trx, site, row, what, created, random, now);
  }
}
