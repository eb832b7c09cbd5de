/**
 * The demo projects' loss and apportionment (issue 17, ADR 0028), once, after the readings:
 *
 * - Loss objects: each transformer (its supply meters) against the rooms and cabinets it feeds
 *   (about 3.8 % loss: simulator/energy.ts supplyPlan adds 4 %), and the water network's mains
 *   against the project's other water meters (about 2.9 %). The first transformer's levels
 *   (2 / 3.5 / 6 / 10 %) put its rate at level 2, so the alarm engine raises a loss warning
 *   (706) on a fresh start; the others' levels are above their rates.
 * - An apportionment scheme: a building's electricity to its floors, by fixed ratio until the
 *   15th of last month, then by metered share (a change mid-month: that month has two parts).
 * - A public-area scheme: a room's electricity to the other rooms of its building by headcount.
 * - A loss-share scheme: the first transformer's loss to what it feeds, by consumption share.
 * - Their results from the first version's month (at most SHARE_LIMITS.recomputeMonths back).
 */
import { addMonth, ENERGY_TYPE, LOSS_LIMITS, monthBounds, monthOf, type ResultType } from '@eem/core';
import { z } from 'zod';
import { EnergyModel, PROJECT_NODE } from '../areas/energy/model.js';
import { writeLossObject } from '../areas/loss/repo/objects.js';
import { computeMonths, firstMonth, toCompute } from '../areas/share/recompute.js';
import { replaceResults, schemeById, type VersionRow, writeScheme } from '../areas/share/repo/schemes.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { inTransaction } from '../db/database.js';
import { JSON_COLUMNS } from '../db/json-columns.js';
import type { Services } from '../services.js';

const MARKER = 'simulator.loss';

/** Ratios of n receivers with 6 decimals summing to 1 (the remainder on the first). */
function evenRatios(n: number): number[] {
  const each = Math.floor(1e6 / n) / 1e6;
  const rest = Math.round((1 - each * (n - 1)) * 1e6) / 1e6;
  return Array.from({ length: n }, (_, i) => (i === 0 ? rest : each));
}

async function seedProject(services: Services, projectId: number): Promise<void> {
  const { db, clock } = services;
  const project = await services.projects.get(projectId);
  if (!project) return;
  const model = await EnergyModel.load(db, project);
  const now = clock();
  const tz = project.timeZone;
  const electricity = ENERGY_TYPE.electricity;
  const nodes = [...model.nodes.values()];
  const transformers = nodes.filter(
    (n) =>
      n.modelLabel === 'transformer' &&
      model.hasOwnMeters(n.id, electricity) &&
      model.feeds(n.id, electricity).length > 0,
  );
  const waterMains = model
    .bindingsOf(PROJECT_NODE)
    .filter((b) => b.energyType === 3)
    .map((b) => b.meterId);
  const waterConsumers = nodes
    .filter((n) => n.modelLabel === 'meter' && n.energyType === 3 && !waterMains.includes(n.id))
    .map((n) => n.id)
    .slice(0, LOSS_LIMITS.consumers);
  const network = waterMains.length > 0 ? model.node(waterMains[0] as number) : undefined;
  let networkId = network?.parentId;
  while (networkId !== undefined && model.node(networkId)?.modelLabel !== 'pipenetwork')
    networkId = model.node(networkId)?.parentId;

  const objects: number[] = [];
  await inTransaction(db, async (trx) => {
    for (const [i, t] of transformers.entries()) {
      const crossing = i === 0;
      objects.push(
        await writeLossObject(
          trx,
          projectId,
          undefined,
          {
            name: `${t.name} loss`,
            energy_type: electricity,
            supply_node_id: t.id,
            lower_limit_pct: -5,
            upper_limit_pct: crossing ? 12 : 20,
            levels: JSON_COLUMNS.lossLevels.write(
              crossing
                ? [
                    { level: 1, ratePct: 2 },
                    { level: 2, ratePct: 3.5 },
                    { level: 3, ratePct: 6 },
                    { level: 4, ratePct: 10 },
                  ]
                : [
                    { level: 1, ratePct: 5 },
                    { level: 2, ratePct: 8 },
                    { level: 3, ratePct: 12 },
                  ],
            ),
            enabled: 1,
            deadband_pct: 0.5,
            repeat_minutes: 0,
            remark: crossing ? 'Levels set low on purpose: this one warns' : '',
            updated_at: now,
          },
          model.feeds(t.id, electricity),
          now,
        ),
      );
    }
    if (networkId !== undefined && waterConsumers.length > 0)
      objects.push(
        await writeLossObject(
          trx,
          projectId,
          undefined,
          {
            name: 'Water network loss',
            energy_type: 3,
            supply_node_id: networkId,
            lower_limit_pct: -5,
            upper_limit_pct: 15,
            levels: JSON_COLUMNS.lossLevels.write([
              { level: 1, ratePct: 5 },
              { level: 2, ratePct: 8 },
            ]),
            enabled: 1,
            deadband_pct: 0.5,
            repeat_minutes: 0,
            remark: '',
            updated_at: now,
          },
          waterConsumers,
          now,
        ),
      );
  });

  const thisMonth = monthOf(now, tz);
  const start = monthBounds(addMonth(thisMonth, -12), tz).start;
  const change = monthBounds(addMonth(thisMonth, -1), tz).start + 14 * 86_400_000;
  const schemes: { id: number; type: ResultType; from: number }[] = [];
  const building = nodes.find((n) => n.modelLabel === 'building' && model.hasOwnMeters(n.id, electricity));
  const floors = building
    ? model.children(building.id).filter((id) => model.node(id)?.modelLabel === 'floor')
    : [];
  const rooms = building
    ? model
        .descendants(building.id)
        .filter((id) => model.node(id)?.modelLabel === 'room' && model.hasOwnMeters(id, electricity))
    : [];
  await inTransaction(db, async (trx) => {
    if (building && floors.length > 0) {
      const ratios = evenRatios(floors.length);
      const versions: VersionRow[] = [
        {
          from: start,
          to: change,
          method: 'fixedRatio',
          targets: floors.map((id, i) => ({ nodeId: id, ratio: ratios[i] ?? 0, weight: null })),
        },
        {
          from: change,
          to: null,
          method: 'metered',
          targets: floors.map((id) => ({ nodeId: id, ratio: null, weight: null })),
        },
      ];
      const id = await writeScheme(
        trx,
        projectId,
        undefined,
        {
          type: 'share',
          name: `${building.name} by floor`.slice(0, 20).trim(),
          energy_type: electricity,
          source_node_id: building.id,
          loss_object_id: null,
          remark: 'Fixed ratio until the 15th of last month, then by metered share',
        },
        versions,
        now,
      );
      schemes.push({ id, type: 'share', from: start });
    }
    const [shared, ...tenants] = rooms;
    if (shared !== undefined && tenants.length > 0) {
      const id = await writeScheme(
        trx,
        projectId,
        undefined,
        {
          type: 'public',
          name: 'Shared lighting',
          energy_type: electricity,
          source_node_id: shared,
          loss_object_id: null,
          remark: `${model.node(shared)?.name ?? ''} split by headcount`,
        },
        [
          {
            from: start,
            to: null,
            method: 'headcount',
            targets: tenants.map((nodeId, i) => ({ nodeId, ratio: null, weight: 8 + ((i * 7) % 25) })),
          },
        ],
        now,
      );
      schemes.push({ id, type: 'public', from: start });
    }
    const first = objects[0];
    const firstTransformer = transformers[0];
    if (first !== undefined && firstTransformer) {
      const id = await writeScheme(
        trx,
        projectId,
        undefined,
        {
          type: 'loss',
          name: `${firstTransformer.name} loss share`.slice(0, 20).trim(),
          energy_type: electricity,
          source_node_id: null,
          loss_object_id: first,
          remark: '',
        },
        [
          {
            from: start,
            to: null,
            method: 'consumption',
            targets: model.feeds(firstTransformer.id, electricity).map((nodeId) => ({
              nodeId,
              ratio: null,
              weight: null,
            })),
          },
        ],
        now,
      );
      schemes.push({ id, type: 'loss', from: start });
    }
  });
  for (const s of schemes) {
    const stored = await schemeById(db, projectId, s.id);
    if (!stored) continue;
    const from = firstMonth(s.from, now, tz);
    const months = await computeMonths(db, model, await toCompute(db, stored), from, now);
    await inTransaction(db, (trx) => replaceResults(trx, projectId, s.id, from, months, now));
  }
}

export async function seedLoss(
  services: Services,
  projects: Readonly<Record<string, number>>,
): Promise<void> {
  const { db } = services;
  if (await readSetting(db, MARKER, z.boolean(), false)) return;
  for (const code of ['SH-01', 'BE-01', 'CH-01']) {
    const id = projects[code];
    if (id !== undefined) await seedProject(services, id);
  }
  await writeSetting(db, MARKER, true);
}
