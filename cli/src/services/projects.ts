/**
 * `eem project list|use|current`: the projects the user may enter (platform mode: the tenant
 * tree of cloudProjects for users who are not project-bound; else the flat project list),
 * switching the profile's project (sent as the projectId header on every later call), and
 * showing it.
 */

import type { Project, TreeNode } from '@eem/contract';
import { isProjectBound } from '@eem/core';
import { type Client, preloadAreas } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import type { OutputFlags } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column, Listing } from '../output/render.js';
import { type ActiveSession, chooseProfile, chooseProject, openSession } from './session.js';

/** A row of the project list: a project, or (in the platform tree) a tenant or other node. */
export interface ProjectRow {
  id: number;
  name: string;
  type: string;
  code: string | null;
  timeZone: string | null;
  parentId: number | null;
  depth: number;
  current: boolean;
}

export interface ProjectCatalogue {
  /** True when the answer is the platform tree (cloudProjects). */
  tree: boolean;
  rows: ProjectRow[];
  raw: Project[] | TreeNode[];
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function flattenTree(
  nodes: readonly TreeNode[],
  currentId: number,
  parentId: number | null = null,
  depth = 0,
): ProjectRow[] {
  return nodes.flatMap((node) => [
    {
      id: node.id,
      name: node.name,
      type: node.modelLabel,
      code: text(node.code),
      timeZone: text(node.timeZone),
      parentId,
      depth,
      current: node.modelLabel === 'project' && node.id === currentId,
    },
    ...flattenTree(node.children ?? [], currentId, node.id, depth + 1),
  ]);
}

/** Loads what the user may enter, the way the web console does. */
export async function loadProjects(client: Client, currentId: number): Promise<ProjectCatalogue> {
  // The projects area's schemas load while the first two calls are on the network.
  preloadAreas('projects');
  const [user, info] = await Promise.all([client.session.me(), client.shell.systemInfo()]);
  if (info.platformMode && !isProjectBound(user.usertype)) {
    const tree = await client.projects.cloudProjects({ query: {}, body: {} });
    return { tree: true, rows: flattenTree(tree, currentId), raw: tree };
  }
  const list = await client.projects.projects({ query: {} });
  const rows = list.map((p) => ({
    id: p.id,
    name: p.name,
    type: 'project',
    code: p.code,
    timeZone: p.timeZone,
    parentId: null,
    depth: 0,
    current: p.id === currentId,
  }));
  return { tree: false, rows, raw: list };
}

function markCurrent(nodes: readonly TreeNode[], currentId: number): unknown[] {
  return nodes.map((node) => ({
    ...node,
    ...(node.modelLabel === 'project' ? { current: node.id === currentId } : {}),
    ...(node.children ? { children: markCurrent(node.children, currentId) } : {}),
  }));
}

export function projectListing(catalogue: ProjectCatalogue, currentId: number): Listing<ProjectRow> {
  const columns: Column<ProjectRow>[] = [
    { key: 'id', header: 'ID', value: (r) => r.id },
    {
      key: 'name',
      header: 'Name',
      value: (r) => r.name,
      shrink: 'text',
      display: (r, p) =>
        `${'  '.repeat(r.depth)}${r.current ? p.bold.green(r.name) : r.type === 'project' ? r.name : p.dim(r.name)}`,
    },
    ...(catalogue.tree ? [{ key: 'type', header: 'Type', value: (r: ProjectRow) => r.type }] : []),
    { key: 'code', header: 'Code', value: (r) => r.code },
    { key: 'timeZone', header: 'Time zone', value: (r) => r.timeZone },
    ...(catalogue.tree ? [{ key: 'parentId', header: 'Parent', value: (r: ProjectRow) => r.parentId }] : []),
    {
      key: 'current',
      header: 'Current',
      value: (r) => (r.current ? '*' : ''),
      display: (r, p) => (r.current ? p.green('*') : ''),
    },
  ];
  const json = catalogue.tree
    ? markCurrent(catalogue.raw as TreeNode[], currentId)
    : (catalogue.raw as Project[]).map((p) => ({ ...p, current: p.id === currentId }));
  return { columns, rows: catalogue.rows, json, ndjson: catalogue.rows };
}

export async function listProjects(ctx: Context, output: OutputFlags): Promise<void> {
  const session = await openSession(ctx);
  const catalogue = await withProgress(ctx, 'Loading projects…', () =>
    loadProjects(session.client, session.project.id),
  );
  const format = await ctx.print(projectListing(catalogue, session.project.id), output);
  if (format === 'table' && catalogue.rows.length === 0) ctx.reporter.note('No projects to enter.');
}

/** Finds a project by id or (case-insensitive, exact) name among those the user may enter. */
export function findProject(rows: readonly ProjectRow[], target: string): ProjectRow {
  const projects = rows.filter((r) => r.type === 'project');
  const wanted = target.trim();
  const byId = /^\d+$/.test(wanted) ? projects.filter((r) => r.id === Number(wanted)) : [];
  const matches =
    byId.length > 0 ? byId : projects.filter((r) => r.name.toLowerCase() === wanted.toLowerCase());
  if (matches.length === 1 && matches[0]) return matches[0];
  if (matches.length > 1) {
    throw new UsageError(
      `"${target}" matches ${matches.length} projects: ${matches.map((m) => `${m.name} (id ${m.id})`).join(', ')}; give the id`,
    );
  }
  throw new CliError(`no project "${target}" among those you may enter`, { hint: 'See `eem project list`.' });
}

export interface UseFlags {
  /** --none: leave the project (module pf in platform mode). */
  none: boolean;
}

/** Stores the project in the profile (creating the profile for an EEM_TOKEN-only setup). */
async function storeProject(
  ctx: Context,
  session: ActiveSession,
  project: { id: number; name: string } | undefined,
) {
  const store = await ctx.profiles();
  await store.update((data) => {
    const name = session.profile.name;
    const entry = data.profiles[name] ?? { name, server: session.server.url };
    entry.project = project;
    data.profiles[name] = entry;
    if (!data.currentProfile) data.currentProfile = name;
  });
}

export async function useProject(ctx: Context, target: string | undefined, flags: UseFlags): Promise<void> {
  if (flags.none && target !== undefined) throw new UsageError('give a project or --none, not both');
  if (!flags.none && target === undefined)
    throw new UsageError('missing project: give its id or name (or --none)');
  const session = await openSession(ctx);
  const where = `profile "${session.profile.name}"`;
  if (flags.none) {
    const user = await session.client.session.me();
    if (isProjectBound(user.usertype)) {
      throw new CliError(
        `${user.name} is a project user (usertype ${user.usertype}) and always works in a project`,
      );
    }
    await storeProject(ctx, session, undefined);
    session.project = { id: 0, source: 'config' };
    ctx.reporter.success(
      `Left the project on ${where}: later commands work on the platform (no projectId header).`,
    );
  } else {
    const catalogue = await loadProjects(session.client, session.project.id);
    const project = findProject(catalogue.rows, target ?? '');
    await storeProject(ctx, session, { id: project.id, name: project.name });
    session.project = { id: project.id, source: 'config' };
    ctx.reporter.success(`Switched to project ${project.name} (id ${project.id}) on ${where}.`);
  }
  const override =
    ctx.flags.project !== undefined ? '--project' : ctx.io.env.EEM_PROJECT ? 'EEM_PROJECT' : undefined;
  if (override) ctx.reporter.warn(`${override} is set for this call and still chooses the project here.`);
}

export interface CurrentProject {
  id: number;
  name: string | null;
  source: string;
  profile: string;
}

export async function currentProject(ctx: Context, output: OutputFlags): Promise<void> {
  const store = await ctx.profiles();
  const chosen = chooseProfile(ctx, store.read(), { mustExist: true });
  const project = chooseProject(ctx, chosen.profile);
  let name: string | null = chosen.profile?.project?.id === project.id ? chosen.profile.project.name : null;
  if (project.id > 0 && name === null) {
    // Chosen by --project or EEM_PROJECT: ask the server for its name when signed in.
    try {
      const session = await openSession(ctx);
      const catalogue = await loadProjects(session.client, project.id);
      name = catalogue.rows.find((r) => r.type === 'project' && r.id === project.id)?.name ?? null;
    } catch {
      name = null;
    }
  }
  const source =
    project.source === 'flag'
      ? '--project'
      : project.source === 'env'
        ? 'EEM_PROJECT'
        : `profile "${chosen.name}"`;
  if (project.id === 0) {
    ctx.reporter.note(
      `No current project on profile "${chosen.name}": commands work on the platform (module pf where the server is in platform mode).`,
    );
    const rows: CurrentProject[] = [];
    await ctx.print({ columns: currentColumns, rows, json: null, ndjson: [] }, output);
    return;
  }
  const row: CurrentProject = { id: project.id, name, source, profile: chosen.name };
  await ctx.print({ columns: currentColumns, rows: [row], json: row, vertical: true }, output);
}

const currentColumns: Column<CurrentProject>[] = [
  { key: 'id', header: 'ID', value: (r) => r.id },
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'source', header: 'Chosen by', value: (r) => r.source },
];
