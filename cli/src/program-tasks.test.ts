import { describe, expect, it } from 'vitest';
import { run } from './program.js';
import { fakeContext, fakeIO } from './test-support/fake-io.js';
import { signInProfile } from './test-support/signed-in.js';
import { DEMO_TREE, demoTask } from './test-support/tasks.js';

describe('eem nodes, import and tasks', () => {
  it('are in the root help and in completion', async () => {
    const io = fakeIO();
    expect(await run(['--help'], io)).toBe(0);
    expect(io.stdout.text).toContain('nodes tree|show|template');
    expect(io.stdout.text).toContain('import nodes|devices FILE');
    expect(io.stdout.text).toContain('tasks list|show|watch');
    const bash = fakeIO();
    expect(await run(['completion', 'bash'], bash)).toBe(0);
    expect(bash.stdout.text).toContain('nodes');
    expect(bash.stdout.text).toContain('--dry-run');
  });

  it('run through the program with the current project', async () => {
    const io = fakeIO({
      client: () => ({
        nodes: { nodeTreeSimple: async () => DEMO_TREE },
        notices: { task: async () => demoTask({ status: 3, ratio: 1, message: 'ok' }) },
      }),
    });
    await signInProfile(fakeContext(io), { project: { id: 1, name: 'Shanghai Plant' } });
    expect(await run(['nodes', 'tree', '--depth', '1'], io)).toBe(0);
    expect(io.stdout.text).toContain('10\tbuilding\tBuilding A\t1\t1\n');
    expect(await run(['tasks', 'watch', '12'], io)).toBe(0);
    expect(io.stderr.text).toContain('Task 12 succeeded: ok');
  });

  it('exit 2 for bad arguments, naming them', async () => {
    const cases: [string[], string][] = [
      [['nodes', 'tree', '--depth', 'x'], '--depth must be a positive whole number'],
      [['nodes', 'show', 'abc'], 'ID must be a positive whole number'],
      [['import', 'nodes', 'nodes.csv'], 'FILE must be an .xls or .xlsx workbook'],
      [['import', 'nodes', 'a.xlsx', '--interval', '0'], '--interval must be a number of seconds'],
      [['tasks', 'list', '--since', 'forever'], '--since must be a duration'],
      [['tasks', 'watch'], "missing required argument 'id'"],
    ];
    for (const [argv, message] of cases) {
      const io = fakeIO();
      expect(await run(argv, io), argv.join(' ')).toBe(2);
      expect(io.stderr.text).toContain(message);
    }
  });
});
