/**
 * `eem nodes tree|show|template`: the node tree of the current project (or below a node), one
 * node with every field (projects.nodeData), and the import workbook (nodes.importTemplate).
 */
import type { NodeItem, NodeTreeItem, ProjectProfile } from '@eem/contract';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { type OutputFlags, resolveFormat } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Cell, Column, Listing } from '../output/render.js';
import { checkTarget, saveDownload } from './save-download.js';
import { type ActiveSession, openSession } from './session.js';
import { sessionZone } from './time-flags.js';

/** A row of the flattened tree: the root has depth 0 and no parent. */
export interface NodeRow {
  id: number;
  modelLabel: string;
  name: string;
  parentId: number | null;
  depth: number;
}

/** The project the call works in; exit 2 when there is none. */
export function requireProject(session: ActiveSession): number {
  if (session.project.id > 0) return session.project.id;
  throw new UsageError(
    'no current project: node commands work inside a project',
    'Choose one with `eem project use ID|NAME`, or give --project ID.',
  );
}

/** A positive integer argument or flag value, or a usage error naming it. */
export function positiveInt(value: string, name: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${name} must be a positive whole number (got "${value}")`);
  }
  return Number(value);
}

export function flattenNodes(
  nodes: readonly NodeTreeItem[],
  parentId: number | null = null,
  depth = 0,
): NodeRow[] {
  return nodes.flatMap((node) => [
    { id: node.id, modelLabel: node.modelLabel, name: node.name, parentId, depth },
    ...flattenNodes(node.children ?? [], node.id, depth + 1),
  ]);
}

/** The node with this id below the project root (a node id may equal the project's id). */
export function findNode(nodes: readonly NodeTreeItem[], id: number): NodeTreeItem | undefined {
  for (const node of nodes) {
    if (node.id === id && node.modelLabel !== 'project') return node;
    const found = findNode(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** The tree cut `depth` levels below its roots (all levels when undefined). */
export function cutDepth(nodes: readonly NodeTreeItem[], depth: number | undefined): NodeTreeItem[] {
  return nodes.map((node) => {
    const { children, ...rest } = node;
    if (children === undefined) return { ...rest };
    if (depth !== undefined && depth <= 0) return { ...rest };
    return { ...rest, children: cutDepth(children, depth === undefined ? undefined : depth - 1) };
  });
}

async function projectTree(client: Client, projectId: number, depth?: number): Promise<NodeTreeItem[]> {
  return client.nodes.nodeTreeSimple({
    body: {
      rootID: projectId,
      rootLabel: 'project',
      treeReturnEnable: true,
      ...(depth === undefined ? {} : { depth }),
    },
  });
}

export interface TreeFlags {
  /** --root: a node id of the current project. */
  root?: number | undefined;
  /** --depth: levels below the root. */
  depth?: number | undefined;
}

/** The tree as box-drawn lines: name, then type and id dimmed. */
export function drawTree(ctx: Context, nodes: readonly NodeTreeItem[]): string {
  const p = ctx.stdoutPalette;
  const lines: string[] = [];
  const walk = (items: readonly NodeTreeItem[], prefix: string, top: boolean) => {
    items.forEach((node, i) => {
      const last = i === items.length - 1;
      const branch = top ? '' : last ? '└─ ' : '├─ ';
      const label = node.modelLabel === 'project' ? p.bold(node.name) : node.name;
      lines.push(`${prefix}${branch}${label} ${p.dim(`${node.modelLabel} ${node.id}`)}`);
      walk(node.children ?? [], top ? '' : `${prefix}${last ? '   ' : '│  '}`, false);
    });
  };
  walk(nodes, '', true);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

const nodeColumns: Column<NodeRow>[] = [
  { key: 'id', header: 'ID', value: (r) => r.id },
  { key: 'modelLabel', header: 'Type', value: (r) => r.modelLabel },
  {
    key: 'name',
    header: 'Name',
    value: (r) => r.name,
    display: (r) => `${'  '.repeat(r.depth)}${r.name}`,
    shrink: 'text',
  },
  { key: 'parentId', header: 'Parent', value: (r) => r.parentId },
  { key: 'depth', header: 'Depth', value: (r) => r.depth },
];

export async function showTree(ctx: Context, flags: TreeFlags, output: OutputFlags): Promise<void> {
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  const projectId = requireProject(session);
  let tree: NodeTreeItem[];
  if (flags.root === undefined) {
    tree = await withProgress(ctx, 'Loading the node tree…', () =>
      projectTree(session.client, projectId, flags.depth),
    );
  } else {
    const root = flags.root;
    const whole = await withProgress(ctx, 'Loading the node tree…', () =>
      projectTree(session.client, projectId),
    );
    const node = findNode(whole, root);
    if (!node) {
      throw new CliError(`no node ${root} in the tree of project ${projectId}`, {
        hint: 'See `eem nodes tree` for the ids.',
      });
    }
    tree = cutDepth([node], flags.depth);
  }
  const rows = flattenNodes(tree);
  if (format === 'table') {
    ctx.io.stdout.write(drawTree(ctx, tree));
    if (rows.length === 0) ctx.reporter.note('The tree is empty.');
    return;
  }
  const listing: Listing<NodeRow> = { columns: nodeColumns, rows, json: tree, ndjson: rows };
  await ctx.print(listing, output);
}

/** One field of a node detail, as a table shows it. */
interface Field {
  key: string;
  value: unknown;
}

function fieldCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

const TIME_FIELDS = new Set(['updatedAt', 'createdAt', 'operationDate', 'cooperationDeadline']);

export interface ShowFlags {
  /** --type: the node's model label (skips looking it up in the tree). */
  type?: string | undefined;
}

export async function showNode(
  ctx: Context,
  id: number,
  flags: ShowFlags,
  output: OutputFlags,
): Promise<void> {
  resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  const projectId = requireProject(session);
  let modelLabel = flags.type;
  if (modelLabel === undefined) {
    const tree = await withProgress(ctx, 'Finding the node…', () => projectTree(session.client, projectId));
    const node = findNode(tree, id);
    if (!node) {
      throw new CliError(`no node ${id} in the tree of project ${projectId}`, {
        hint: 'Give --type LABEL for a node elsewhere (or --type project for the project).',
      });
    }
    modelLabel = node.modelLabel;
  }
  const label = modelLabel;
  const detail: ProjectProfile | NodeItem = await withProgress(ctx, 'Loading the node…', () =>
    session.client.projects.nodeData({ body: { id, modelLabel: label } }),
  );
  const fields: Field[] = Object.entries(detail).map(([key, value]) => ({ key, value }));
  // Every field as a row of a vertical record: one column per field.
  const columns: Column<Field[]>[] = fields.map((field, i) => ({
    key: field.key,
    header: field.key,
    value: (row) => fieldCell(row[i]?.value),
    ...(TIME_FIELDS.has(field.key) && typeof field.value === 'number' ? { time: true } : {}),
  }));
  await ctx.print(
    { columns, rows: [fields], json: detail, vertical: true, timeZone: () => sessionZone(session) },
    output,
  );
}

export interface TemplateFlags {
  /** -o: a file, or '-' for stdout. */
  output: string | undefined;
  force: boolean;
  /** --network: the pipe-network template. */
  network: boolean;
}

export async function downloadTemplate(ctx: Context, flags: TemplateFlags): Promise<void> {
  if (flags.output === undefined || flags.output === '') {
    throw new UsageError('missing -o FILE: where to write the workbook (-o - for stdout)');
  }
  const save = { target: flags.output, force: flags.force, flag: '-o' };
  checkTarget(ctx, save);
  const session = await openSession(ctx);
  const scope = flags.network ? 'network' : 'all';
  const file = await withProgress(ctx, 'Downloading the template…', () =>
    session.client.nodes.importTemplate.download({ query: { scope } }),
  );
  const written = await saveDownload(ctx, file, save);
  if (written.path !== '-') {
    ctx.reporter.success(
      `Wrote the ${scope === 'network' ? 'pipe-network ' : ''}import template to ${written.path} (${written.bytes} bytes).`,
    );
  }
}
