/**
 * The expert library over HTTP: the seeded demo library, fault scenario and handling plan
 * CRUD with the messages of bad input, the expert_update permission, the tenant boundary,
 * the scenarios that match a seeded power-quality event (with their plans) and the analysis
 * counts.
 */
import { catalogue, type FaultScenario } from '@eem/contract';
import { PermissionError } from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, raw, refusal } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let manager: SignedIn;
let operator: SignedIn;
let chicago: SignedIn;
/** Governs every project of Demo Energy Group: changes what its projects share (issue 11). */
let tenantAdmin: SignedIn;
const DAY = 86_400_000;

const scenarioBody = (name: string) => ({
  name,
  deviceClassified: 'pump',
  eventClassified: 2,
  logTypes: [716],
  causes: ['Motor bearing worn'],
  checks: ['Listen to the bearing', 'Measure vibration'],
  attachments: [],
});

beforeAll(async () => {
  server = await startInProcessServer();
  [manager, operator, chicago, tenantAdmin] = await Promise.all([
    login(server, 'manager-bj', { projectId: projectId(server, 'BE-01') }),
    login(server, 'operator-sh', { projectId: projectId(server, 'SH-01') }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
    login(server, 'tenant-admin', { projectId: projectId(server, 'BE-01') }),
  ]);
});

afterAll(async () => {
  await server?.stop();
});

describe('fault scenarios', () => {
  it('start with the demo library of the tenant, filtered by class, keyword, id and limit', async () => {
    const all = await manager.client.expert.scenarios({ body: {} });
    const names = all.map((s) => s.name);
    for (const name of [
      'Transformer over-temperature',
      'Over-current trip',
      'Voltage sag (undervoltage)',
      'Communication loss',
      'Low power factor',
      'Harmonic distortion (voltage THD)',
    ])
      expect(names).toContain(name);
    const transformer = await manager.client.expert.scenarios({ body: { deviceClassified: 'transformer' } });
    expect(transformer.map((s) => s.name)).toEqual(['Transformer over-temperature']);
    expect(transformer[0]?.causes.length).toBeGreaterThan(0);
    expect(transformer[0]?.checks.length).toBeGreaterThan(0);
    const accidents = await manager.client.expert.scenarios({ body: { eventClassified: 1 } });
    expect(accidents.every((s) => s.eventClassified === 1)).toBe(true);
    const capacitor = await manager.client.expert.scenarios({ body: { keyWord: 'CAPACITOR' } });
    expect(capacitor.length).toBeGreaterThan(0);
    expect(
      capacitor.every((s) =>
        [s.name, ...s.causes, ...s.checks].join(' ').toLowerCase().includes('capacitor'),
      ),
    ).toBe(true);
    const first = all[0] as FaultScenario;
    expect(await manager.client.expert.scenarios({ body: { scenariosId: first.id } })).toEqual([first]);
    expect(await manager.client.expert.scenarios({ body: { limit: 2 } })).toHaveLength(2);
  });

  it('are added, changed and deleted with expert_update; bad input is refused by field', async () => {
    const created = await manager.client.expert.createScenario({
      body: scenarioBody('Pump bearing failure'),
    });
    expect(created).toMatchObject({
      name: 'Pump bearing failure',
      deviceClassified: 'pump',
      logTypes: [716],
    });
    const path = catalogue.expert.createScenario.path;
    const header = { projectId: String(projectId(server, 'BE-01')) };
    const bad = async (body: object) => (await raw(server, manager.token, 'POST', path, body, header)).msg;
    expect(await bad({ ...scenarioBody('x'), name: ' ' })).toBe('body.name: name is required');
    expect(await bad({ ...scenarioBody('x'), name: 'n'.repeat(256) })).toBe(
      'body.name: at most 255 characters',
    );
    expect(await bad({ ...scenarioBody('x'), deviceClassified: 'spaceship' })).toMatch(
      /^body\.deviceClassified: spaceship is not a device class \(one of building, /,
    );
    expect(await bad({ ...scenarioBody('x'), logTypes: [999] })).toBe(
      'body.logTypes: 999 is not an event type',
    );
    expect(await bad({ ...scenarioBody('x'), attachments: ['0123456789abcdef0123456789abcdef.pdf'] })).toBe(
      'body.attachments.0: 0123456789abcdef0123456789abcdef.pdf is not an uploaded file',
    );
    expect(await bad({ ...scenarioBody('x'), attachments: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe(
      'body.attachments: at most 5 documents',
    );
    const twin = await raw(server, manager.token, 'POST', path, scenarioBody('Pump bearing failure'), header);
    expect(twin).toMatchObject({
      status: 409,
      msg: 'body.name: a fault scenario named Pump bearing failure already exists',
    });

    const pdf = await manager.client.files.uploadFile.upload({
      body: { kind: 'document' },
      files: [{ name: 'pump-manual.pdf', data: new TextEncoder().encode('%PDF-1.4\n%%EOF\n') }],
    });
    const change = {
      body: {
        ...scenarioBody('Pump bearing wear'),
        id: created.id,
        eventClassified: null,
        attachments: [pdf.fileName],
      },
    };
    // A scenario serves every project of the tenant: the Berlin manager may add one, but
    // changing or deleting it is the tenant administrator's (issue 11).
    expect((await refusal(manager.client.expert.updateScenario(change))).msg).toBe(
      'fault scenario Pump bearing failure is shared with projects you do not manage; only a tenant administrator may change it (create your own instead)',
    );
    expect((await refusal(manager.client.expert.deleteScenario({ query: { id: created.id } }))).msg).toMatch(
      /is shared with projects you do not manage/,
    );
    const changed = await tenantAdmin.client.expert.updateScenario(change);
    expect(changed).toMatchObject({ id: created.id, name: 'Pump bearing wear', eventClassified: null });
    expect(changed.attachments).toEqual([pdf.fileName]);
    expect(changed.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);

    await tenantAdmin.client.expert.deleteScenario({ query: { id: created.id } });
    expect(await manager.client.expert.scenarios({ body: { scenariosId: created.id } })).toEqual([]);
    expect((await refusal(manager.client.expert.deleteScenario({ query: { id: created.id } }))).msg).toBe(
      `fault scenario ${created.id} does not exist`,
    );
  });

  it('may be read but not written without expert_update', async () => {
    expect((await operator.client.expert.scenarios({ body: {} })).length).toBeGreaterThan(0);
    const refused = refusal(operator.client.expert.createScenario({ body: scenarioBody('Not mine') }));
    await expect(
      operator.client.expert.createScenario({ body: scenarioBody('Not mine') }),
    ).rejects.toBeInstanceOf(PermissionError);
    expect((await refused).msg).toBe('no permission for this operation (needs expert_update)');
    const names = (await manager.client.expert.scenarios({ body: {} })).map((s) => s.name);
    expect(names).not.toContain('Not mine');
  });

  it('belong to their tenant', async () => {
    const mine = await manager.client.expert.createScenario({ body: scenarioBody('Only Demo Energy Group') });
    const theirs = await chicago.client.expert.scenarios({ body: {} });
    expect(theirs.map((s) => s.name)).not.toContain('Only Demo Energy Group');
    expect(theirs.map((s) => s.name)).toContain('Voltage sag (undervoltage)');
    expect(theirs.some((s) => s.id === mine.id)).toBe(false);
    // The platform administrator working in Chicago Mill edits Northwind's library.
    const admin = await login(server, 'admin', { projectId: projectId(server, 'CH-01') });
    const msg = (
      await refusal(
        admin.client.expert.updateScenario({ body: { ...scenarioBody('Taken over'), id: mine.id } }),
      )
    ).msg;
    expect(msg).toBe(`fault scenario ${mine.id} does not exist`);
  });
});

describe('handling plans', () => {
  it('keep ordered steps and linked scenarios; a deleted scenario is forgotten', async () => {
    const a = await manager.client.expert.createScenario({ body: scenarioBody('Plan scenario A') });
    const b = await manager.client.expert.createScenario({ body: scenarioBody('Plan scenario B') });
    const plan = await manager.client.expert.createPlan({
      body: {
        name: 'Pump stop response',
        steps: [
          { text: 'Stop the pump', role: 'Operator' },
          { text: 'Switch to the standby pump', role: 'Operator' },
          { text: 'Open a repair order' },
        ],
        scenarioIds: [b.id, a.id, b.id],
      },
    });
    expect(plan.steps.map((s) => s.text)).toEqual([
      'Stop the pump',
      'Switch to the standby pump',
      'Open a repair order',
    ]);
    expect(plan.steps[2]?.role).toBe('');
    expect(plan.scenarioIds).toEqual([b.id, a.id]);

    const linked = await manager.client.expert.plans({ body: { scenarioIds: [a.id] } });
    expect(linked.map((p) => p.name)).toEqual(['Pump stop response']);
    expect(
      (await manager.client.expert.plans({ body: { keyWord: 'standby pump' } })).map((p) => p.id),
    ).toEqual([plan.id]);
    const all = await manager.client.expert.plans({ body: {} });
    expect(all.map((p) => p.name)).toContain('Voltage disturbance investigation');

    const change = {
      body: {
        id: plan.id,
        name: 'Pump stop response',
        steps: [{ text: 'Stop the pump', role: 'Operator' }],
        scenarioIds: [a.id],
      },
    };
    // Shared by the tenant's projects: the tenant administrator's to change (issue 11).
    expect((await refusal(manager.client.expert.updatePlan(change))).msg).toMatch(
      /^handling plan Pump stop response is shared with projects you do not manage/,
    );
    const changed = await tenantAdmin.client.expert.updatePlan(change);
    expect(changed.steps).toHaveLength(1);
    expect(changed.scenarioIds).toEqual([a.id]);

    await tenantAdmin.client.expert.deleteScenario({ query: { id: a.id } });
    const [after] = await manager.client.expert.plans({ body: { keyWord: 'Pump stop' } });
    expect(after?.scenarioIds).toEqual([]);

    await tenantAdmin.client.expert.deletePlan({ query: { id: plan.id } });
    expect(await manager.client.expert.plans({ body: { keyWord: 'Pump stop' } })).toEqual([]);
  });

  it('refuse bad input by field', async () => {
    const path = catalogue.expert.createPlan.path;
    const header = { projectId: String(projectId(server, 'BE-01')) };
    const bad = async (body: object) => raw(server, manager.token, 'POST', path, body, header);
    expect((await bad({ name: 'No steps', steps: [] })).msg).toBe(
      'body.steps: a plan needs at least one step',
    );
    expect((await bad({ name: 'Empty step', steps: [{ text: ' ' }] })).msg).toBe(
      'body.steps.0.text: a step needs its text',
    );
    expect((await bad({ name: 'Unknown', steps: [{ text: 'x' }], scenarioIds: [987_654] })).msg).toBe(
      'body.scenarioIds: fault scenario 987654 does not exist',
    );
    expect(await bad({ name: 'Voltage disturbance investigation', steps: [{ text: 'x' }] })).toMatchObject({
      status: 409,
      msg: 'body.name: a handling plan named Voltage disturbance investigation already exists',
    });
    const [foreign] = await chicago.client.expert.scenarios({ body: {} });
    expect((await bad({ name: 'Foreign', steps: [{ text: 'x' }], scenarioIds: [foreign?.id] })).msg).toBe(
      `body.scenarioIds: fault scenario ${foreign?.id} does not exist`,
    );
    expect((await refusal(manager.client.expert.deletePlan({ query: { id: 987_654 } }))).msg).toBe(
      'handling plan 987654 does not exist',
    );
    expect((await refusal(operator.client.expert.deletePlan({ query: { id: 1 } }))).msg).toBe(
      'no permission for this operation (needs expert_update)',
    );
  });
});

describe('matching events', () => {
  it('resolves the scenarios of a seeded voltage sag, best first, with their plans', async () => {
    const now = server.now();
    const page = await manager.client.pq.events({
      body: { startTime: now - 8 * DAY, endTime: now + 1, types: ['sag'], page: { index: 0, limit: 1 } },
    });
    const sag = page.list[0];
    expect(sag).toBeDefined();
    const matched = await manager.client.expert.resolveFaultScenarios({
      body: { eventId: sag?.eventId ?? 0 },
    });
    expect(matched[0]?.name).toBe('Voltage sag (undervoltage)');
    expect(matched[0]?.plans.map((p) => p.name)).toContain('Voltage disturbance investigation');
    const names = matched.map((s) => s.name);
    expect(names).toContain('Harmonic distortion (voltage THD)');
    expect(names).not.toContain('Transformer over-temperature');
    expect(names).not.toContain('Supply interruption');

    const msg = (
      await refusal(chicago.client.expert.resolveFaultScenarios({ body: { eventId: sag?.eventId ?? 0 } }))
    ).msg;
    expect(msg).toBe(`event ${sag?.eventId} does not exist in this project`);
  });

  it('puts the scenario of the node type and log type first, then the one named like the event', async () => {
    const be = projectId(server, 'BE-01');
    const { db } = server.services;
    const nodeOf = (modelLabel: string) =>
      db
        .selectFrom('nodes')
        .select(['id', 'name'])
        .where('project_id', '=', be)
        .where('model_label', '=', modelLabel)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const [meter, transformer] = await Promise.all([nodeOf('meter'), nodeOf('transformer')]);
    const raise = async (nodeId: number, logType: number, eventClass: number, description: string) =>
      (
        await db
          .insertInto('events')
          .values({
            project_id: be,
            log_type: logType,
            event_class: eventClass,
            level: 2,
            status: 1,
            time: server.now() - 60_000,
            node_id: nodeId,
            description,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const best = async (eventId: number) =>
      (await manager.client.expert.resolveFaultScenarios({ body: { eventId } }))[0]?.name;
    const thd = await raise(
      meter.id,
      712,
      2,
      `${meter.name}: voltage THD 4.2% over the 3.95% threshold (level 2)`,
    );
    expect(await best(thd)).toBe('Harmonic distortion (voltage THD)');
    const deviation = await raise(
      meter.id,
      712,
      2,
      `${meter.name}: voltage deviation 1.6% (phase A 233.7 V) over the 1.29% threshold (level 2)`,
    );
    expect(await best(deviation)).toBe('Voltage deviation');
    const hot = await raise(
      transformer.id,
      704,
      2,
      `${transformer.name}: active power 1250 kW over the 1200 kW threshold`,
    );
    expect(await best(hot)).toBe('Transformer over-temperature');
    const offline = await raise(meter.id, 716, 3, `${meter.name}: no data for 900 s, device offline`);
    const matched = await manager.client.expert.resolveFaultScenarios({ body: { eventId: offline } });
    expect(matched.map((s) => s.name)).toEqual(['Communication loss']);
    expect(matched[0]?.plans.map((p) => p.name)).toEqual(['Meter communication restoration']);
  });

  it('counts events with and without a matching scenario', async () => {
    const now = server.now();
    const range = { startTime: now - 8 * DAY, endTime: now + 1 };
    const pq = await manager.client.pq.events({ body: { ...range, page: { index: 0, limit: 1 } } });
    const counts = await manager.client.expert.analysisCount({ body: range });
    expect(counts.events).toBeGreaterThanOrEqual(pq.total);
    expect(counts.withScenario).toBeGreaterThanOrEqual(pq.total);
    expect(counts.withScenario).toBeLessThanOrEqual(counts.events);
    expect(counts.top.map((t) => t.name)).toContain('Harmonic distortion (voltage THD)');
    const sorted = [...counts.top].sort((a, b) => b.count - a.count);
    expect(counts.top.map((t) => t.count)).toEqual(sorted.map((t) => t.count));
    expect(
      (await refusal(manager.client.expert.analysisCount({ body: { startTime: now, endTime: now } }))).msg,
    ).toBe('body.endTime: end time must be later than start time');
  });
});
