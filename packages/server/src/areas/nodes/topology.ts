/** The generated topology of the current project: its nodes, the stored links, and when each kind was generated. */
import type { Topology } from '@eem/contract';
import { currentProject, type RequestContext } from '../../context.js';
import { readSetting } from '../shell/repo/settings.js';
import { GENERATED_AT, generatedAtKey, NEVER_GENERATED } from './generate.js';
import { projectLinks } from './repo/links.js';
import { projectNodes } from './repo/nodes.js';

export async function readTopology(ctx: RequestContext): Promise<Topology> {
  const project = await currentProject(ctx);
  const { services } = ctx;
  const rows = await projectNodes(services.db, project.id);
  const links = await projectLinks(services.db, project.id);
  const times = await readSetting(services.db, generatedAtKey(project.id), GENERATED_AT, NEVER_GENERATED);
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
