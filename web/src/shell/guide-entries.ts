/**
 * Beginner guide entries (platform-core §2.3, §6): shown only when every listed permission
 * is held, never in module pf, and (no placeholder pages) only when the target screen
 * exists. They open their screen with ?t=<timestamp>&newHand=<guide id>.
 */
import type { Module } from '@eem/core';

export interface GuideEntry {
  id: 'fullCreation' | 'batchImport';
  path: string;
  permissions: readonly string[];
}

export const GUIDE_ENTRIES: readonly GuideEntry[] = [
  {
    id: 'fullCreation',
    path: '/cloudProjectConfig',
    permissions: ['cloud_cloudProjectConfig', 'cloud_projectBatchConfig', 'nodeconfig_update'],
  },
  {
    id: 'batchImport',
    path: '/projectBatchConfig',
    permissions: ['cloud_cloudProjectConfig', 'nodeconfig_update'],
  },
];

export function visibleGuideEntries(
  permissions: ReadonlySet<string>,
  module: Module,
  screens: ReadonlySet<string>,
): GuideEntry[] {
  if (module === 'pf') return [];
  return GUIDE_ENTRIES.filter((e) => screens.has(e.path) && e.permissions.every((p) => permissions.has(p)));
}

/** The address a guide entry opens. */
export function guideHref(entry: GuideEntry, now: number = Date.now()): string {
  return `${entry.path}?${new URLSearchParams({ t: String(now), newHand: entry.id })}`;
}
