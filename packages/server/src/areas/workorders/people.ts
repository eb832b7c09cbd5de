/**
 * The people of a project's work orders: who may enter the project and holds a permission
 * (executors hold workorder_take, dispatchers workorder_assign, reviewers the review keys),
 * the operations teams and their members. Kept for 10 s per server and project, so a burst
 * of orders (a plan's run, a batch) reads the users once.
 */
import type { Project } from '@eem/contract';
import { loadAuthUser } from '../../auth/auth-user.js';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import { operationsTeams, personNames, projectCandidates, teamMembers } from './repo/people.js';

const KEEP_MS = 10_000;

interface ProjectPeople {
  at: number;
  /** Users who may enter the project, with their permissions. */
  users: { id: number; name: string; nicName: string; permissions: ReadonlySet<string> }[];
  teams: { id: number; name: string; memberIds: number[] }[];
}

const caches = new WeakMap<Services, Map<number, ProjectPeople>>();

/**
 * The people of a project. Inside a transaction pass it as `db` (SQLite has one connection: a
 * query through the pool would wait for the transaction that waits for it).
 */
export async function projectPeople(
  services: Services,
  project: Project,
  db: Db = services.db,
): Promise<ProjectPeople> {
  let cache = caches.get(services);
  if (!cache) {
    cache = new Map();
    caches.set(services, cache);
  }
  const now = services.clock();
  const known = cache.get(project.id);
  if (known && now - known.at >= 0 && now - known.at < KEEP_MS) return known;
  const users: ProjectPeople['users'] = [];
  for (const id of await projectCandidates(db, project.tenantId, project.id)) {
    const user = await loadAuthUser(db, id);
    if (user?.projectIds.includes(project.id))
      users.push({ id, name: user.name, nicName: user.nicName, permissions: user.permissions });
  }
  const teams = await operationsTeams(db, project.tenantId, project.id);
  const members = await teamMembers(
    db,
    teams.map((t) => t.id),
  );
  const people: ProjectPeople = {
    at: now,
    users,
    teams: teams.map((t) => ({
      id: t.id,
      name: t.name,
      memberIds: members.filter((m) => m.group_id === t.id).map((m) => m.user_id),
    })),
  };
  cache.set(project.id, people);
  return people;
}

/** Forgets what is kept of a project (a team or a user changed in a test, a plan's run). */
export function forgetPeople(services: Services, projectId: number): void {
  caches.get(services)?.delete(projectId);
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
