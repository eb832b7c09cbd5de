import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.js';
import { tempConfigHome } from '../test-support/fake-io.js';
import { checkExportTarget, partialFile, partialPathOf } from './datalog-partial.js';

describe('partial export files', () => {
  it('writes under FILE.partial and renames it to FILE only on commit', async () => {
    const target = join(tempConfigHome(), 'out.csv');
    const file = partialFile(target, false);
    expect(file.partial).toBe(partialPathOf(target));
    expect(file.partial).toBe(`${target}.partial`);
    writeFileSync(file.partial, 'a\n');
    expect(existsSync(target)).toBe(false);
    await file.commit();
    expect(readFileSync(target, 'utf8')).toBe('a\n');
    expect(existsSync(file.partial)).toBe(false);
  });

  it('discards the partial file, saying whether there was one', async () => {
    const target = join(tempConfigHome(), 'gone.csv');
    const file = partialFile(target, false);
    writeFileSync(file.partial, 'half');
    expect(await file.discard()).toBe(true);
    expect(existsSync(file.partial)).toBe(false);
    expect(existsSync(target)).toBe(false);
    expect(await file.discard()).toBe(false);
  });

  it('never replaces an existing FILE without --force, before or after the export', async () => {
    const target = join(tempConfigHome(), 'kept.csv');
    expect(() => checkExportTarget(target, false)).not.toThrow();
    const file = partialFile(target, false);
    writeFileSync(file.partial, 'new');
    writeFileSync(target, 'mine');
    expect(() => checkExportTarget(target, false)).toThrow(CliError);
    expect(() => checkExportTarget(target, true)).not.toThrow();
    await expect(file.commit()).rejects.toThrow(`${target} already exists`);
    expect(readFileSync(target, 'utf8')).toBe('mine');
    expect(existsSync(file.partial)).toBe(false);

    const forced = partialFile(target, true);
    writeFileSync(forced.partial, 'new');
    await forced.commit();
    expect(readFileSync(target, 'utf8')).toBe('new');
  });

  it('tells a new file, an existing one, a device or pipe (written in place) and a directory (refused)', () => {
    const dir = tempConfigHome();
    expect(checkExportTarget(join(dir, 'new.csv'), false)).toBe('new');
    writeFileSync(join(dir, 'old.csv'), 'x');
    expect(checkExportTarget(join(dir, 'old.csv'), true)).toBe('file');
    expect(checkExportTarget('/dev/null', false)).toBe('special');
    expect(() => checkExportTarget(dir, true)).toThrow(`${dir} is a directory`);
  });
});
