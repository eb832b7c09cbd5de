import { describe, expect, it } from 'vitest';
import { guideHref, visibleGuideEntries } from './guide-entries';

const screens = new Set(['/cloudProjectConfig', '/projectBatchConfig']);
const all = new Set(['cloud_cloudProjectConfig', 'cloud_projectBatchConfig', 'nodeconfig_update']);

describe('beginner guide entries', () => {
  it('shows an entry only when all its permissions are held', () => {
    expect(visibleGuideEntries(all, 'fw', screens).map((e) => e.id)).toEqual(['fullCreation', 'batchImport']);
    const batchOnly = new Set(['cloud_cloudProjectConfig', 'nodeconfig_update']);
    expect(visibleGuideEntries(batchOnly, 'fw', screens).map((e) => e.id)).toEqual(['batchImport']);
    expect(visibleGuideEntries(new Set(['cloud_cloudProjectConfig']), 'fw', screens)).toEqual([]);
  });

  it('never shows entries in module pf or for screens that do not exist', () => {
    expect(visibleGuideEntries(all, 'pf', screens)).toEqual([]);
    expect(visibleGuideEntries(all, 'fw', new Set(['/projectBatchConfig'])).map((e) => e.id)).toEqual([
      'batchImport',
    ]);
  });

  it('opens the screen with t and newHand', () => {
    const [entry] = visibleGuideEntries(all, 'fw', screens);
    expect(entry && guideHref(entry, 1700000000000)).toBe(
      '/cloudProjectConfig?t=1700000000000&newHand=fullCreation',
    );
  });
});
