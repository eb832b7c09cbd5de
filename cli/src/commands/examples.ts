/**
 * The examples every command's help ends with (2-3 each, as gh prints them), and the pointer to
 * the global flags and the exit codes. Added to each command as it is built (program.ts).
 */
import type { Command } from 'commander';
import { GLOBAL_OPTIONS } from '../command-table.js';

export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  logout: ['eem logout', 'eem logout --profile prod'],
  auth: ['eem auth status', 'eem auth status --json | jq -r .serverState'],
  'auth status': [
    'eem auth status',
    'eem auth status --json | jq -r .serverState',
    'eem auth status --profile prod',
  ],
  profile: ['eem profile list', 'eem profile add prod --server https://eem.example.com --use'],
  'profile list': ['eem profile list', 'eem profile ls --json | jq -r ".[].name"'],
  'profile use': ['eem profile use prod', 'eem profile use default'],
  'profile add': [
    'eem profile add prod --server https://eem.example.com',
    'eem profile add staging --server https://staging.example.com -u ops --use',
  ],
  'profile remove': ['eem profile remove staging', 'eem profile rm old-site'],
  project: ['eem project list', 'eem project use "Shanghai Plant"', 'eem project current'],
  'project list': [
    'eem project list',
    'eem project list --json | jq ".[].name"',
    'eem project list | cut -f1,2',
  ],
  'project use': ['eem project use "Shanghai Plant"', 'eem project use 12', 'eem project use --none'],
  'project current': ['eem project current', 'eem project current --json | jq .id'],
  nodes: ['eem nodes tree --depth 2', 'eem nodes show 12', 'eem nodes template -o nodes.xlsx'],
  'nodes tree': ['eem nodes tree', 'eem nodes tree --root 12 --depth 1', 'eem nodes tree --json > tree.json'],
  'nodes show': ['eem nodes show 12', 'eem nodes show 12 --json | jq .name'],
  'nodes template': ['eem nodes template -o nodes.xlsx', 'eem nodes template --network -o network.xlsx'],
  import: ['eem import nodes nodes.xlsx --dry-run', 'eem import devices devices.xlsx'],
  'import nodes': [
    'eem import nodes nodes.xlsx --dry-run',
    'eem import nodes nodes.xlsx',
    'eem import nodes network.xls --network --no-wait',
  ],
  'import devices': [
    'eem import devices devices.xlsx --dry-run',
    'eem import devices devices.xlsx',
    'eem import devices devices.xlsx --no-wait',
  ],
  tasks: ['eem tasks list --since 7d', 'eem tasks watch 123'],
  'tasks list': [
    'eem tasks list',
    'eem tasks list --type 8 --since 7d',
    'eem tasks ls --from 2026-11-01 --json',
  ],
  'tasks show': ['eem tasks show 123', 'eem tasks show 123 --json | jq .status'],
  'tasks watch': ['eem tasks watch 123', 'eem tasks watch 123 || echo "the task failed: exit $?"'],
  datalog: [
    'eem datalog points --meter M-AH1-1',
    'eem datalog query --meter M-AH1-1 --since 24h --interval 1h',
    'eem datalog export --meter M-AH1-1 --from 2026-11-01 --to 2026-11-08 -o readings.xlsx',
  ],
  'datalog points': ['eem datalog points --meter M-AH1-1', 'eem datalog points --node 12,13 --json'],
  'datalog query': [
    'eem datalog query --points 79,80 --since 24h',
    'eem datalog query --meter M-AH1-1 --from 2026-11-01 --to 2026-11-08 --interval 1d',
    'eem datalog query --points 79 --since 6h -o csv > readings.csv',
  ],
  'datalog export': [
    'eem datalog export --meter M-AH1-1 --from 2026-11-01 --to 2026-12-01 -o readings.xlsx',
    'eem datalog export --points 79,80 --since 7d --format csv -o readings.csv',
    'eem datalog export --points 79 --since 24h --format ndjson -o - | jq .value',
  ],
  'datalog import': ['eem datalog import readings.xlsx --dry-run', 'eem datalog import readings.xlsx'],
  'datalog template': ['eem datalog template -o readings.xlsx', 'eem datalog template -o - > readings.xlsx'],
  events: [
    'eem events list --status pending',
    'eem events count --by type --since 7d',
    'eem events confirm 123 --result "checked on site"',
  ],
  'events list': [
    'eem events list --status pending --level 1,2',
    'eem events list --from 2026-11-01 --to 2026-11-08 --all -o csv > events.csv',
    'eem events list --keyword compressor --wide',
  ],
  'events show': ['eem events show 123', 'eem events show 123 --json | jq .result'],
  'events count': ['eem events count', 'eem events count --by status --since 7d --json'],
  'events confirm': [
    'eem events confirm 123 124 --result "checked on site"',
    'eem events confirm --all-matching --type 716 --since 7d --dry-run',
    'eem events confirm --all-matching --level 5 --simple --yes',
  ],
  energy: [
    'eem energy types',
    'eem energy consumption --children --from 2026-11-01 --tou',
    'eem energy export --children --interval 1d --from 2026-10-01 --to 2026-11-01 -o october.xlsx',
  ],
  'energy types': ['eem energy types', 'eem energy types --all --json | jq -r ".[].name"'],
  'energy consumption': [
    'eem energy consumption --children --from 2026-11-01 --tou',
    'eem energy consumption --node-path "Building A" --interval 1M --from 2026-01 --compare yoy',
    'eem energy consumption --node 12,13 --type water --from 2026-11-01 -o csv > water.csv',
  ],
  'energy export': [
    'eem energy export --children --interval 1d --from 2026-10-01 --to 2026-11-01 -o october.xlsx',
    'eem energy export --node 12 --interval 1M --from 2026-01 --format csv -o - > year.csv',
  ],
  demand: [
    'eem demand status',
    'eem demand status --json | jq ".inlets[] | {name: .inlet.name, demandKw, level}"',
  ],
  'demand status': [
    'eem demand status',
    'eem demand status --project 2 --json',
    'eem demand status -o csv > demand.csv',
  ],
  bill: ['eem bill show --inlet "Inlet 1" --month 2026-10', 'eem bill show --inlet IN-01 --json'],
  'bill show': [
    'eem bill show --inlet "Inlet 1" --month 2026-10',
    'eem bill show --inlet 3 --month 2026-09 --json | jq .computed.total',
    'eem bill show --inlet "Inlet 1" --month 2026-10 --csv > bill-2026-10.csv',
  ],
  cost: [
    'eem cost show --node 12 --month 2026-10',
    'eem cost show --node "Building A" --month 2026-10 --by child',
  ],
  'cost show': [
    'eem cost show --node "Building A" --month 2026-10',
    'eem cost show --node 12 --month 2026-10 --by child --csv > cost-2026-10.csv',
    'eem cost show --node 12 --month 2026-09 --json | jq .cost.total',
  ],
  orders: [
    'eem orders list --status repair',
    'eem orders show RO-261127-0001',
    'eem orders take RO-261127-0001',
  ],
  'orders list': [
    'eem orders list --status repair --executor me',
    'eem orders list --type maintenance --overdue',
    'eem orders ls --all -o csv > orders.csv',
  ],
  'orders show': ['eem orders show RO-261127-0001', 'eem orders show RO-261127-0001 --json | jq .timeline'],
  'orders take': ['eem orders take RO-261127-0001', 'eem orders take MO-261127-0003 --json'],
  'orders submit': [
    'eem orders submit RO-261127-0001 --result "replaced the contactor" --cause "worn contact"',
    'eem orders submit MO-261127-0003 MO-261127-0004',
  ],
  notices: ['eem notices tail', 'eem notices tail --class alarm,accident --since 1h'],
  'notices tail': [
    'eem notices tail',
    'eem notices tail --class alarm,accident --since 1h',
    'eem notices tail --json | jq -r .description',
  ],
  me: ['eem me', 'eem me --json | jq .permissions'],
  menu: ['eem menu', 'eem menu --module pf --json'],
  completion: ['source <(eem completion bash)', 'eem completion fish | source'],
};

/** Adds the examples of the command at `path` ("datalog export") and the pointer to its help. */
export function addExamples(command: Command, path: string): void {
  const examples = EXAMPLES[path];
  const lines: string[] = [];
  if (examples) lines.push('', 'Examples:', ...examples.map((e) => `  $ ${e}`));
  const globals = GLOBAL_OPTIONS.map((o) => /--[\w-]+/.exec(o.flags)?.[0]).filter(
    (flag) => flag !== undefined && flag !== '--help' && flag !== '--version',
  );
  lines.push('', `Global flags (${globals.join(', ')}): eem --help`, 'Exit codes: eem help exit-codes');
  command.addHelpText('after', lines.join('\n'));
}
