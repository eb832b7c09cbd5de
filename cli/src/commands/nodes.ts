/** The nodes area: `eem nodes tree|show|template`. */
import { Command } from 'commander';
import { fileOutput, outputFlags, withOutputOptions } from './output-options.js';
import type { Runtime } from './runtime.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function nodesCommand(runtime: Runtime): Command {
  const nodes = new Command('nodes').description(
    'the node tree of the current project, one node, the import template',
  );

  nodes.addCommand(
    withOutputOptions(
      new Command('tree')
        .description('the node tree of the current project, or below a node')
        .option('--root <id>', 'show the subtree of this node')
        .option('--depth <n>', 'levels below the root (default: all)'),
    ).action(async (opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { positiveInt, showTree } = await import('../services/nodes.js');
      const root = str(opts.root);
      const depth = str(opts.depth);
      const flags = {
        root: root === undefined ? undefined : positiveInt(root, '--root'),
        depth: depth === undefined ? undefined : positiveInt(depth, '--depth'),
      };
      const ctx = await runtime.context(command);
      await showTree(ctx, flags, output);
    }),
  );

  nodes.addCommand(
    withOutputOptions(
      new Command('show')
        .description('one node with every field')
        .argument('<id>', 'the node id')
        .option('--type <label>', 'its type (model label); else looked up in the tree'),
    ).action(async (id: string, opts: Record<string, unknown>, command: Command) => {
      const output = outputFlags(opts);
      const { positiveInt, showNode } = await import('../services/nodes.js');
      const nodeId = positiveInt(id, 'ID');
      const type = str(opts.type)?.trim();
      const ctx = await runtime.context(command);
      await showNode(ctx, nodeId, { type: type === '' ? undefined : type }, output);
    }),
  );

  nodes.addCommand(
    new Command('template')
      .description('download the node import workbook (xlsx)')
      .option('-o, --output <file>', 'where to write it (- for stdout, not a terminal)')
      .option('--network', 'the pipe-network template')
      .option('--force', 'replace an existing file')
      .action(async (opts: Record<string, unknown>, command: Command) => {
        const output = fileOutput(opts.output, () => 'The template is an xlsx workbook: -o nodes.xlsx.');
        const ctx = await runtime.context(command);
        const { downloadTemplate } = await import('../services/nodes.js');
        await downloadTemplate(ctx, {
          output,
          force: opts.force === true,
          network: opts.network === true,
        });
      }),
  );
  return nodes;
}
