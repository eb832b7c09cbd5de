/** The generated topology of the current project: its nodes, the stored links, and when each kind was generated. */
import type { Topology } from '@eem/contract';
import type { RequestContext } from '../../context.js';
import { readSetting } from '../shell/settings.js';
import { type GeneratedAt, generatedAtKey } from './generate.js';
import { currentProject } from './node-project.js';

export async function readTopology(ctx: RequestContext): Promise<Topology> {
  const project = await currentProject(ctx);
  const { services } = ctx;
  const rows = await services.nodes.all(project.id);
  const links = await services.db
    .selectFrom('node_links')
    .select(['kind', 'from_id', 'to_id'])
    .where('project_id', '=', project.id)
    .orderBy('kind')
    .orderBy('from_id')
    .orderBy('to_id')
    .execute();
  const times = await readSetting<GeneratedAt>(services.db, generatedAtKey(project.id), {
    pipeline: null,
    hierarchy: null,
  });
  return {
    projectId: project.id,
    nodes: rows.map((r) => ({ id: r.id, modelLabel: r.model_label, name: r.name })),
    edges: links.map((l) => ({
      from: l.from_id,
      to: l.to_id,
      kind: l.kind === 'pipeline' ? 'pipeline' : 'hierarchy',
    })),
    generatedAt: { pipeline: times.pipeline ?? null, hierarchy: times.hierarchy ?? null },
  };
}
