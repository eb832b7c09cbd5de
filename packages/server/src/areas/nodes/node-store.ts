/**
 * The nodes of project trees (table `nodes`): reads by project, single-node lookups and the
 * wire form of a node. Every method takes the project id: nothing reads across projects.
 */
import type { NodeAttributes, NodeItem } from '@eem/contract';
import { PATH_SEPARATOR } from '@eem/core';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, NodeTable } from '../../db/schema.js';

export type NodeRow = Selectable<NodeTable>;

/** The attributes column as an object of field values (a broken value reads as empty). */
export function parseAttributes(text: string): NodeAttributes {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: NodeAttributes = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string' || typeof value === 'number' || value === null) out[key] = value;
    }
    return out;
  } catch {
    return {};
  }
}

export class NodeStore {
  constructor(
    private readonly db: Kysely<Database>,
    readonly clock: Clock,
  ) {}

  /** Every node of a project, in tree order of siblings (sort, then id). */
  all(projectId: number, db: Kysely<Database> = this.db): Promise<NodeRow[]> {
    return db
      .selectFrom('nodes')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  find(projectId: number, id: number): Promise<NodeRow | undefined> {
    return this.db
      .selectFrom('nodes')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A node by id in whatever project it is (the caller then checks the project). */
  findAnywhere(id: number): Promise<NodeRow | undefined> {
    return this.db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The child of a parent (0: the project) with this name, other than `exceptId`. */
  async named(projectId: number, parentId: number, name: string, exceptId = 0): Promise<NodeRow | undefined> {
    return this.db
      .selectFrom('nodes')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('parent_id', '=', parentId)
      .where('name', '=', name)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
  }

  /** The sort value after every node of the project: new and moved nodes go last among siblings. */
  async nextSort(projectId: number, db: Kysely<Database> = this.db): Promise<number> {
    const row = await db
      .selectFrom('nodes')
      .select((eb) => eb.fn.max('sort').as('max'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  async childCount(projectId: number, id: number): Promise<number> {
    const row = await this.db
      .selectFrom('nodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('parent_id', '=', id)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The ancestors of a node, from the project's child down to its parent. */
  async ancestors(projectId: number, row: NodeRow): Promise<NodeRow[]> {
    const out: NodeRow[] = [];
    const seen = new Set([row.id]);
    let parentId = row.parent_id;
    while (parentId !== 0 && !seen.has(parentId)) {
      seen.add(parentId);
      const parent = await this.find(projectId, parentId);
      if (!parent) break;
      out.unshift(parent);
      parentId = parent.parent_id;
    }
    return out;
  }

  /** The wire form: the fields on the node, its parent, its path and its number of children. */
  async item(row: NodeRow): Promise<NodeItem> {
    const ancestors = await this.ancestors(row.project_id, row);
    const parent = ancestors.at(-1);
    return {
      ...parseAttributes(row.attributes),
      id: row.id,
      modelLabel: row.model_label,
      name: row.name,
      projectId: row.project_id,
      parentId: row.parent_id,
      parentLabel: parent?.model_label ?? 'project',
      path: ancestors.map((a) => a.name).join(PATH_SEPARATOR),
      childCount: await this.childCount(row.project_id, row.id),
      updatedAt: row.updated_at,
    };
  }
}
