/**
 * Who hears of a scheme's events: its receivers (users and the members of its groups) who may
 * enter the project; when it names none, the project's users with event_browser. Kept for
 * 30 s per project and receiver list, so a burst of events reads the users once.
 */
import { type AuthUser, loadAuthUser } from '../../auth/auth-user.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { memberships } from '../users/repo/groups.js';
import { userIdsOfTenants } from '../users/repo/users.js';

const KEEP_MS = 30_000;

export class EventRecipients {
  private readonly cache = new Map<string, { at: number; userIds: number[] }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async of(
    projectId: number,
    receivers: { receiverUserIds: readonly number[]; receiverGroupIds: readonly number[] } | null,
  ): Promise<number[]> {
    const users = receivers?.receiverUserIds ?? [];
    const groups = receivers?.receiverGroupIds ?? [];
    const key = `${projectId}|${users.join(',')}|${groups.join(',')}`;
    const now = this.clock();
    const known = this.cache.get(key);
    if (known && now - known.at < KEEP_MS) return known.userIds;
    const userIds = await this.load(projectId, users, groups);
    this.cache.set(key, { at: now, userIds });
    return userIds;
  }

  private async load(
    projectId: number,
    users: readonly number[],
    groups: readonly number[],
  ): Promise<number[]> {
    const named = users.length > 0 || groups.length > 0;
    let candidates: number[];
    if (named) {
      const members = await memberships(this.db, groups);
      candidates = [...new Set([...users, ...members.map((m) => m.user_id)])];
    } else {
      candidates = await userIdsOfTenants(this.db, null);
    }
    const out: number[] = [];
    for (const id of candidates) {
      const user: AuthUser | null = await loadAuthUser(this.db, id);
      if (!user?.projectIds.includes(projectId)) continue;
      if (!named && !user.permissions.has('event_browser')) continue;
      out.push(id);
    }
    return out.sort((a, b) => a - b);
  }
}
