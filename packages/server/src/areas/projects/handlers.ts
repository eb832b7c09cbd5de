import type { catalogue, TreeNode } from '@eem/contract';
import { requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { readNode, updateNode } from '../nodes/node-detail.js';
import { allTenants, tenantFamily } from '../users/repo/tenants.js';
import { NODE_TYPE_TREE } from './node-types.js';
import { readProfile, updateProfile } from './project-profile.js';

export const projectsHandlers: AreaHandlers<typeof catalogue.projects> = {
  async projects(_input, ctx) {
    return ctx.services.projects.byIds(requireUser(ctx).projectIds);
  },
  async cloudProjects({ query, body }, ctx) {
    const user = requireUser(ctx);
    const db = ctx.services.db;
    const visible = await ctx.services.projects.byIds(user.projectIds);
    const tenantRows = await allTenants(db);
    let tenantIds = new Set(tenantRows.map((t) => t.id));
    if (!user.root) tenantIds = new Set(await tenantFamily(db, user.tenantId));
    if (query.tenantId !== undefined) {
      if (!tenantIds.has(query.tenantId))
        throw ApiError.permission(`no permission for tenant ${query.tenantId}`);
      tenantIds = new Set(query.isQueryChild ? await tenantFamily(db, query.tenantId) : [query.tenantId]);
    }
    const projects = visible.filter(
      (p) => tenantIds.has(p.tenantId) && (body.rootID === 0 || p.id === body.rootID),
    );
    if (!body.treeReturnEnable) return projects.map((p) => ({ ...p, children: [] }));
    const build = (parentId: number | null): TreeNode[] =>
      tenantRows
        .filter((t) => t.parent_id === parentId && tenantIds.has(t.id))
        .map((t) => ({
          id: t.id,
          modelLabel: 'tenant',
          name: t.name,
          hostingEndTime: t.hosting_end_time,
          children: [
            ...build(t.id),
            ...projects.filter((p) => p.tenantId === t.id).map((p) => ({ ...p, children: [] })),
          ],
        }));
    // Tenants whose parent is not visible become roots.
    const roots = tenantRows.filter(
      (t) => tenantIds.has(t.id) && (t.parent_id === null || !tenantIds.has(t.parent_id)),
    );
    return roots.flatMap((t) => build(t.parent_id).filter((n) => n.id === t.id));
  },
  nodeTreeLabels: () => NODE_TYPE_TREE,
  // The project keeps its profile; any other model label is a node of the current project.
  nodeData: ({ body }, ctx) =>
    body.modelLabel === 'project' ? readProfile(ctx, body.id) : readNode(ctx, body.id, body.modelLabel),
  updateNode: ({ body }, ctx) => ('attributes' in body ? updateNode(ctx, body) : updateProfile(ctx, body)),
};
