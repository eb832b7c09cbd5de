/**
 * The node trees of the demo projects, deterministic for the seed (EEM_SEED): buildings,
 * floors, rooms of every room type, cabinets with line segments (voltage level, operation
 * status, line function; the first a line-loss start node, each start node with a head-end and a
 * tail-end meter), transformers, meters of several energy types, devices, and pipe
 * networks with pipes, valves, pumps and meters. Seeded once (a settings marker), also into a
 * database made before node trees existed.
 */
import type { NodeAttributes } from '@eem/contract';
import { isLineLossStart } from '@eem/core';
import { z } from 'zod';
import { hasNodes } from '../areas/nodes/repo/nodes.js';
import { writeImport } from '../areas/nodes/repo/write-import.js';
import type { PlannedNode } from '../areas/nodes/validate-import.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { inTransaction } from '../db/database.js';
import type { Services } from '../services.js';
import { type Random, seededRandom } from './random.js';

const MARKER = 'simulator.nodeTrees';

const ROOM_NAMES: Record<number, string> = {
  1: 'Switch room',
  2: 'Transformer room',
  3: 'Equipment room',
  4: 'Office',
  5: 'Workshop',
  6: 'Pump room',
};

const DEVICES: [name: string, manufacturer: string, model: string][] = [
  ['Air compressor', 'Atlas Copco', 'GA75'],
  ['Chiller', 'Carrier', '30XW'],
  ['Boiler', 'Viessmann', 'Vitoplex 200'],
  ['Injection moulder', 'Haitian', 'MA3800'],
  ['Cooling tower', 'BAC', 'S3000E'],
];

const NETWORKS: [name: string, medium: number][] = [
  ['Water network', 3],
  ['Gas network', 15],
  ['Steam network', 16],
  ['Compressed air network', 18],
];

class TreePlan {
  readonly nodes: PlannedNode[] = [];

  add(
    parent: PlannedNode | null,
    modelLabel: string,
    name: string,
    attributes: NodeAttributes = {},
  ): PlannedNode {
    const node: PlannedNode = {
      key: parent ? `${parent.key}/${name}` : name,
      parentKey: parent?.key ?? '',
      parentId: parent ? null : 0,
      modelLabel,
      name,
      attributes,
      depth: parent ? parent.depth + 1 : 1,
      sort: this.nodes.length,
    };
    this.nodes.push(node);
    return node;
  }
}

/** Nodes added after all others (the highest ids): a parent, a name and attributes. */
type Later = [parent: PlannedNode, name: string, attributes: NodeAttributes][];

function electrical(plan: TreePlan, random: Random, tails: Later): void {
  const buildings = random.int(2, 3);
  let cabinetNo = 0;
  let transformerNo = 0;
  let deviceNo = 0;
  for (let b = 0; b < buildings; b++) {
    const letter = String.fromCharCode(65 + b);
    const building = plan.add(null, 'building', `Building ${letter}`, {
      code: `B-${letter}`,
      area: random.int(20, 120) * 100,
    });
    const floors = random.int(2, 4);
    for (let f = 1; f <= floors; f++) {
      const floor = plan.add(building, 'floor', `${f}F`, { code: `B-${letter}-${f}F` });
      const roomTypes =
        f === 1 ? [1, 2, random.pick([5, 6])] : [random.pick([3, 4, 5]), random.pick([4, 5, 6])];
      for (const [r, roomType] of roomTypes.entries()) {
        const number = `${f}${String(r + 1).padStart(2, '0')}`;
        const room = plan.add(floor, 'room', `${ROOM_NAMES[roomType] ?? 'Room'} ${number}`, {
          code: `R-${letter}${number}`,
          roomtype: roomType,
        });
        if (roomType === 1) {
          for (let c = random.int(2, 4); c > 0; c--) {
            cabinetNo++;
            const cabinet = plan.add(room, 'cabinet', `Cabinet AH${cabinetNo}`, { code: `AH${cabinetNo}` });
            const segments = random.int(1, 3);
            for (let s = 1; s <= segments; s++) {
              // The first segment of a cabinet is a 10 kV incoming line in operation (the line-loss tree).
              const first = s === 1;
              const attributes = {
                code: `L-AH${cabinetNo}-${s}`,
                voltagelevel: first ? 12 : random.pick([11, 12, 13, 14]),
                operationstatus: first ? 1 : random.pick([1, 1, 1, 2, 3]),
                linefunctiontype: first ? 3 : random.pick([1, 1, 2, 3]),
              };
              const segment = plan.add(cabinet, 'linesegment', `Line AH${cabinetNo}-${s}`, attributes);
              const ratio = random.pick([1, 40, 80, 200]);
              plan.add(segment, 'meter', `Meter AH${cabinetNo}-${s}`, {
                code: `M-AH${cabinetNo}-${s}`,
                energytype: 2,
                ratio,
              });
              // A start segment's tail end: what the line delivers (simulator/energy.ts linePlan).
              if (isLineLossStart(attributes))
                tails.push([
                  segment,
                  `Meter AH${cabinetNo}-${s} tail end`,
                  { code: `M-AH${cabinetNo}-${s}-T`, energytype: 2, ratio },
                ]);
            }
          }
        } else if (roomType === 2) {
          for (let t = random.int(1, 2); t > 0; t--) {
            transformerNo++;
            const transformer = plan.add(room, 'transformer', `Transformer T${transformerNo}`, {
              code: `T${transformerNo}`,
              ratedcapacity: random.pick([630, 800, 1000, 1250, 1600]),
              voltagelevel: 12,
            });
            const low = plan.add(transformer, 'linesegment', `Line T${transformerNo}-LV`, {
              code: `L-T${transformerNo}-LV`,
              voltagelevel: 11,
              operationstatus: 1,
              linefunctiontype: 1,
            });
            plan.add(low, 'meter', `Meter T${transformerNo}-LV`, {
              code: `M-T${transformerNo}`,
              energytype: 2,
              ratio: 400,
            });
          }
        } else {
          for (let d = random.int(1, 2); d > 0; d--) {
            deviceNo++;
            const [name, manufacturer, model] = random.pick(DEVICES);
            plan.add(room, 'device', `${name} ${deviceNo}`, {
              code: `D${deviceNo}`,
              manufacturer,
              model,
              operationstatus: random.pick([1, 1, 1, 2, 3]),
            });
          }
          plan.add(room, 'meter', `Meter ${letter}${number}`, {
            code: `M-${letter}${number}`,
            energytype: roomType === 6 ? 3 : random.pick([2, 2, 3, 15, 18]),
            ratio: 1,
          });
        }
      }
    }
  }
}

function pipeNetworks(plan: TreePlan, random: Random): void {
  const count = random.int(2, NETWORKS.length);
  for (const [n, [name, medium]] of NETWORKS.slice(0, count).entries()) {
    const network = plan.add(null, 'pipenetwork', name, { code: `PN${n + 1}`, medium });
    if (medium === 3)
      plan.add(network, 'pump', 'Supply pump 1', { code: `PN${n + 1}-P1`, ratedpower: random.int(15, 90) });
    const mains = random.int(2, 3);
    for (let m = 1; m <= mains; m++) {
      const main = plan.add(network, 'pipe', `Main pipe ${m}`, {
        code: `PN${n + 1}-M${m}`,
        diameter: random.pick([150, 200, 250]),
      });
      plan.add(main, 'valve', `Valve ${m}`, { code: `PN${n + 1}-V${m}` });
      plan.add(main, 'meter', `Meter ${name} ${m}`, {
        code: `PN${n + 1}-FM${m}`,
        energytype: medium,
        ratio: 1,
      });
      for (let b = random.int(0, 2); b > 0; b--) {
        const branch = plan.add(main, 'pipe', `Branch pipe ${m}-${b}`, {
          code: `PN${n + 1}-B${m}${b}`,
          diameter: random.pick([50, 80, 100]),
        });
        plan.add(branch, 'valve', `Valve ${m}-${b}`, { code: `PN${n + 1}-V${m}${b}` });
        if (medium === 3)
          plan.add(branch, 'pump', `Booster pump ${m}-${b}`, {
            code: `PN${n + 1}-BP${m}${b}`,
            ratedpower: random.int(5, 30),
          });
      }
    }
  }
}

/** The demo projects of the world (by code): only they get a seeded tree. */
const DEMO_PROJECT_CODES = ['SH-01', 'BE-01', 'CH-01'];

/** The ids of the demo projects that get trees (and readings). */
export function demoProjectIds(projects: Readonly<Record<string, number>>): number[] {
  return DEMO_PROJECT_CODES.flatMap((code) => projects[code] ?? []);
}

export async function seedDemoNodeTrees(
  services: Services,
  projects: Readonly<Record<string, number>>,
): Promise<void> {
  await seedNodeTrees(services, demoProjectIds(projects));
}

export async function seedNodeTrees(services: Services, projectIds: readonly number[]): Promise<void> {
  const { db } = services;
  if (await readSetting(db, MARKER, z.boolean(), false)) return;
  const now = services.clock();
  await inTransaction(db, async (trx) => {
    for (const projectId of [...projectIds].sort((a, b) => a - b)) {
      if (await hasNodes(trx, projectId)) continue;
      const random = seededRandom(services.config.seed * 1_000 + projectId);
      const plan = new TreePlan();
      // Tail-end meters come last, so the other nodes keep the ids they had before them.
      const tails: Later = [];
      electrical(plan, random, tails);
      pipeNetworks(plan, random);
      for (const [parent, name, attributes] of tails) plan.add(parent, 'meter', name, attributes);
      const planned = [...plan.nodes].sort((a, b) => a.depth - b.depth || a.sort - b.sort);
      await writeImport(trx, { projectId, planned, now });
    }
    await writeSetting(trx, MARKER, true);
  });
}
