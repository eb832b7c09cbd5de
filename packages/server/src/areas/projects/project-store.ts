import type { Project } from '@eem/contract';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { allProjects, type ProjectRow } from './repo/projects.js';

export function toWireProject(row: ProjectRow): Project {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantid: row.tenant_id,
    name: row.name,
    code: row.code,
    timeZone: row.time_zone,
    modelLabel: 'project',
    level: row.level,
    company: row.company,
    address: row.address,
    longitude: row.longitude,
    latitude: row.latitude,
    area: row.area,
    people: row.people,
    cooperationDeadline: row.cooperation_deadline,
    operationDate: row.operation_date,
    annualOutput: row.annual_output,
    description: row.description,
    mainImage: row.main_image,
  };
}

/**
 * Projects, read on nearly every call, change rarely: they are served from memory and read
 * again after `maxAgeMs` or when a write calls `invalidate()`.
 */
export class ProjectStore {
  private byId: Map<number, Project> | null = null;
  private loadedAt = 0;
  private announce: (() => Promise<void>) | undefined;
  /** Grows with every change heard: a read that began before one does not fill the cache. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly maxAgeMs = 5_000,
  ) {}

  invalidate(): void {
    this.forget();
    this.announce?.().catch(() => undefined);
  }

  /** Several servers: `announce` tells the others of every change (ADR 0016). */
  onInvalidate(announce: () => Promise<void>): void {
    this.announce = announce;
  }

  /** A change made by another server: read again at the next call. */
  forget(): void {
    this.generation++;
    this.byId = null;
  }

  async all(): Promise<Map<number, Project>> {
    if (!this.byId || this.clock() - this.loadedAt > this.maxAgeMs) {
      const generation = this.generation;
      const rows = await allProjects(this.db);
      const byId = new Map(rows.map((row) => [row.id, toWireProject(row)]));
      if (generation !== this.generation) return byId;
      this.byId = byId;
      this.loadedAt = this.clock();
    }
    return this.byId;
  }

  async byIds(ids: readonly number[]): Promise<Project[]> {
    const all = await this.all();
    return [...ids]
      .sort((a, b) => a - b)
      .flatMap((id) => {
        const project = all.get(id);
        return project ? [project] : [];
      });
  }

  async get(id: number): Promise<Project | undefined> {
    return (await this.all()).get(id);
  }
}
