/**
 * The people of a project's work orders: who may enter the project and holds a permission
 * (executors hold workorder_take, dispatchers workorder_assign, reviewers the review keys),
 * the operations teams and their members.
 */
import type { Project } from '@eem/contract';
import { loadAuthUser } from '../../auth/auth-user.js';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import { operationsTeams, personNames, projectCandidates, teamMembers } from './repo/people.js';

interface ProjectPeople {
  /** Users who may enter the project, with their permissions. */
  users: { id: number; name: string; nicName: string; permissions: ReadonlySet<string> }[];
  teams: { id: number; name: string; memberIds: number[] }[];
}

/** What a transaction has read, by project (forgotten with the transaction). */
const kept = new WeakMap<Db, Map<number, ProjectPeople>>();

/**
 * The people of a project, read afresh: a role, a user or a team changed a moment ago counts at
 * once (users come through the sign-in's cache, which every such change empties). Inside a transaction pass it as `db` (SQLite has one connection: a query through the
 * pool would wait for the transaction that waits for it); what is read is then kept for the rest
 * of that transaction, so a burst of orders (a plan's run, a batch) reads the users once.
 */
export async function projectPeople(
  services: Services,
  project: Project,
  db: Db = services.db,
): Promise<ProjectPeople> {
  const keep = db !== services.db;
  let cache = keep ? kept.get(db) : undefined;
  const known = cache?.get(project.id);
  if (known) return known;
  const users: ProjectPeople['users'] = [];
  for (const id of await projectCandidates(db, project.tenantId, project.id)) {
    // Outside a transaction through the sign-in's user cache (emptied by every change of a
    // user, role or permission); inside one from the transaction itself.
    const user = keep ? await loadAuthUser(db, id) : await services.auth.user(id);
    if (user?.projectIds.includes(project.id))
      users.push({ id, name: user.name, nicName: user.nicName, permissions: user.permissions });
  }
  const teams = await operationsTeams(db, project.tenantId, project.id);
  const members = await teamMembers(
    db,
    teams.map((t) => t.id),
  );
  const people: ProjectPeople = {
    users,
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      memberIds: members.filter((m) => m.group_id === t.id).map((m) => m.user_id),
    })),
  };
  if (keep) {
    if (!cache) {
      cache = new Map();
      kept.set(db, cache);
    }
    cache.set(project.id, people);
  }
  return people;
}

/** Users of the project holding `permission`; of `teamId` only when given. */
export async function holders(
  services: Services,
  project: Project,
  permission: string,
  teamId: number | null = null,
  db: Db = services.db,
): Promise<number[]> {
  const people = await projectPeople(services, project, db);
  const team = teamId === null ? null : people.teams.find((t) => t.id === teamId);
  return people.users
    .filter((u) => u.permissions.has(permission) && (!team || team.memberIds.includes(u.id)))
    .map((u) => u.id);
}

/** The teams and the people who may take orders (the forms' choices). */
export async function teamsAndPeople(services: Services, project: Project) {
  const people = await projectPeople(services, project);
  const takers = people.users.filter((u) => u.permissions.has('workorder_take'));
  const names = await personNames(
    services.db,
    takers.map((u) => u.id),
  );
  return {
    teams: people.teams,
    people: takers.map((u) => ({
      id: u.id,
      name: u.name,
      nicName: names.get(u.id) ?? u.nicName,
      teamIds: people.teams.filter((t) => t.memberIds.includes(u.id)).map((t) => t.id),
    })),
  };
}
