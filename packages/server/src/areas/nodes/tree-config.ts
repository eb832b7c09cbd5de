/**
 * The tree-context configuration (/treeConfig): per context (energy, pq, device, report) the
 * node types shown, their order and the room types. Kept per project in the settings table;
 * a context never saved answers its default.
 */
import { catalogue, TREE_CONTEXTS, type TreeContextConfig } from '@eem/contract';
import { NODE_ENUMS, text } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { readSetting, writeSetting } from '../shell/repo/settings.js';

const settingKey = (projectId: number) => `nodes.treeConfig.${projectId}`;

export const DEFAULT_TREE_CONFIG: readonly TreeContextConfig[] = [
  {
    context: 'energy',
    nodeTypes: ['building', 'floor', 'room', 'meter', 'pipenetwork', 'pipe'],
    roomTypes: [],
  },
  {
    context: 'pq',
    nodeTypes: ['building', 'floor', 'room', 'cabinet', 'transformer', 'linesegment'],
    roomTypes: [1, 2],
  },
  {
    context: 'device',
    nodeTypes: [
      'building',
      'floor',
      'room',
      'cabinet',
      'transformer',
      'device',
      'pipenetwork',
      'pump',
      'valve',
    ],
    roomTypes: [],
  },
  {
    context: 'report',
    nodeTypes: ['building', 'floor', 'room', 'cabinet', 'linesegment', 'meter'],
    roomTypes: [],
  },
];

function stored(ctx: RequestContext, projectId: number): Promise<TreeContextConfig[]> {
  return readSetting(ctx.services.db, settingKey(projectId), catalogue.nodes.treeConfig.data, []);
}

function merged(saved: readonly TreeContextConfig[]): TreeContextConfig[] {
  return TREE_CONTEXTS.map(
    (context) =>
      saved.find((c) => c.context === context) ??
      DEFAULT_TREE_CONFIG.find((c) => c.context === context) ?? {
        context,
        nodeTypes: ['building'],
        roomTypes: [],
      },
  );
}

export async function readTreeConfig(ctx: RequestContext): Promise<TreeContextConfig[]> {
  if (ctx.projectId === null) return merged([]);
  return merged(await stored(ctx, (await currentProject(ctx)).id));
}

const ROOM_TYPES = new Set(Object.keys(NODE_ENUMS.roomtype).map(Number));

export async function saveTreeConfig(
  ctx: RequestContext,
  body: readonly TreeContextConfig[],
): Promise<TreeContextConfig[]> {
  const project = await currentProject(ctx);
  for (const [i, config] of body.entries()) {
    for (const [j, roomType] of config.roomTypes.entries()) {
      if (!ROOM_TYPES.has(roomType))
        throw ApiError.at(
          `body.${i}.roomTypes.${j}`,
          `${roomType} is not a room type (${[...ROOM_TYPES].join(', ')})`,
        );
    }
  }
  const saved = await stored(ctx, project.id);
  const next = merged([...body, ...saved.filter((c) => !body.some((b) => b.context === c.context))]);
  await writeSetting(ctx.services.db, settingKey(project.id), next);
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.nodeTreeConfig'),
    description: text('oplog.treeContexts', { count: body.length }),
    projectId: project.id,
  });
  return next;
}
