/**
 * Checks every row of an import with the rules of a single edit (core: checkNodeName,
 * checkNodeField, enumValue, canHold) and plans the inserts. A row's parent path (names from
 * the project down, joined by ' / '; empty: the project) must name an existing node or a row
 * of the workbook (any sheet); a name must be unique under its parent, against the project's
 * nodes (loaded once) and within the workbook. Pure: no database, no I/O.
 *
 * Written for 100,000 rows: a parent path is split once per distinct text (siblings share
 * theirs), rows are indexed by path key in one map, the rules of a field are remembered per
 * enumeration text and of a parent type per child type (they are pure functions), and the
 * plan is ordered parents first by bucketing on depth.
 */
import type { NodeAttributes } from '@eem/contract';
import {
  canHold,
  cannotHoldMessage,
  checkNodeField,
  checkNodeName,
  enumValue,
  NODE_MESSAGES,
  type NodeField,
  PATH_SEPARATOR,
} from '@eem/core';
import { bilingual, PIPE_NETWORK_LABELS } from './import-columns.js';
import {
  type CellInput,
  fieldSlot,
  type ImportRow,
  type ImportSheet,
  NAME_SLOT,
  PARENT_SLOT,
} from './read-workbook.js';
import type { NodeRow } from './repo/nodes.js';

/** A row to insert: its parent is an existing node (parentId) or an earlier planned row (parentKey). */
export interface PlannedNode {
  key: string;
  parentKey: string;
  /** The existing parent's id (0: the project), or null when the parent is a planned row. */
  parentId: number | null;
  modelLabel: string;
  name: string;
  attributes: NodeAttributes;
  depth: number;
  sort: number;
}

export interface ValidationResult {
  /** Parents before children (by depth). Empty when any row has an error. */
  planned: PlannedNode[];
  /** Messages by sheet and row number. */
  errors: Map<ImportSheet, Map<number, string[]>>;
  /** Rows with at least one error. */
  badRows: number;
}

type ExistingNode = Pick<NodeRow, 'id' | 'parent_id' | 'model_label' | 'name'>;

/** Path keys join names with '/', which a name cannot hold (no special characters). */
const KEY_JOIN = '/';

function splitPath(text: string): string[] {
  return text
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const NUMBER_TEXT = /^[-+]?\d+(\.\d+)?$/;

/** The value a cell gives a field: enumerations by number or text, numbers from numeric text. */
export function fieldValue(field: NodeField, input: CellInput): CellInput {
  if (input === null) return null;
  switch (field.kind) {
    case 'text':
      return typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : input;
    case 'enum':
      return (
        enumValue(field.enumeration ?? 'roomtype', typeof input === 'string' ? input.trim() : input) ?? input
      );
    case 'decimal2':
    case 'integer': {
      const text = typeof input === 'string' ? input.trim() : '';
      return NUMBER_TEXT.test(text) ? Number(text) : input;
    }
  }
}

/**
 * fieldValue and checkNodeField of a field, remembered per cell value for enumerations (a
 * column of 20,000 rows holds a handful of distinct values; the rule is a pure function).
 */
function fieldChecker(): (
  field: NodeField,
  input: CellInput,
) => { value: CellInput; problem: string | null } {
  const memo = new Map<NodeField, Map<CellInput, { value: CellInput; problem: string | null }>>();
  return (field, input) => {
    let known = field.kind === 'enum' ? memo.get(field) : undefined;
    const hit = known?.get(input);
    if (hit) return hit;
    const value = fieldValue(field, input);
    const result = { value, problem: checkNodeField(field, value) };
    if (field.kind === 'enum') {
      if (!known) {
        known = new Map();
        memo.set(field, known);
      }
      known.set(input, result);
    }
    return result;
  };
}

function existingIndex(existing: readonly ExistingNode[]): Map<string, ExistingNode> {
  const byId = new Map(existing.map((n) => [n.id, n]));
  const keys = new Map<number, string>();
  const keyOf = (node: ExistingNode, depth = 0): string => {
    const known = keys.get(node.id);
    if (known !== undefined) return known;
    const parent = node.parent_id === 0 || depth > 1000 ? undefined : byId.get(node.parent_id);
    const key = parent ? `${keyOf(parent, depth + 1)}${KEY_JOIN}${node.name}` : node.name;
    keys.set(node.id, key);
    return key;
  };
  return new Map(existing.map((n) => [keyOf(n), n]));
}

/** A parent path as written in a cell, resolved: its names (project name dropped) and key. */
interface ParentPath {
  segments: string[];
  key: string;
}

const PROJECT_PATH: ParentPath = { segments: [], key: '' };

interface RowInfo {
  sheet: ImportSheet;
  row: ImportRow;
  name: string;
  parent: ParentPath;
  key: string;
  /** In the index of rows by path (its name is valid). */
  indexed: boolean;
}

const where = (info: Pick<RowInfo, 'sheet' | 'row'>) =>
  `${bilingual(info.sheet.type.label)} row ${info.row.rowNumber}`;

const pathText = (cell: CellInput | undefined): string =>
  cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell : String(cell);

/** A meter or device of the pipe-network import whose parent is not a pipe-network node. */
export function outsideNetworkMessage(childLabel: string, parentLabel: string): string {
  return `a ${childLabel} under a ${parentLabel} is not part of the pipe network; the pipe-network import takes meters and devices under a pipenetwork or pipe only: import it on the batch configuration (项目批量配置)`;
}

export async function validateImport(input: {
  projectName: string;
  existing: readonly ExistingNode[];
  sheets: readonly ImportSheet[];
  /**
   * The pipe-network import: a row of a type that is not a pipe-network type (meter, device)
   * must hang under a pipe-network node (pipe network, pipe).
   */
  networkOnly?: boolean;
  /** Called every few rows with the number of rows checked (progress, and a turn for other work). */
  progress?: (done: number) => Promise<void>;
}): Promise<ValidationResult> {
  const errors = new Map<ImportSheet, Map<number, string[]>>();
  const fail = (sheet: ImportSheet, row: ImportRow, message: string) => {
    let bySheet = errors.get(sheet);
    if (!bySheet) {
      bySheet = new Map();
      errors.set(sheet, bySheet);
    }
    const list = bySheet.get(row.rowNumber);
    if (list) list.push(message);
    else bySheet.set(row.rowNumber, [message]);
  };
  const existing = existingIndex(input.existing);

  // Names at the top of the project: an existing node or a row with an empty parent path may
  // be named like the project; otherwise a path may start with the project's name.
  const topNames = new Set(input.existing.filter((n) => n.parent_id === 0).map((n) => n.name));
  const split = new Map<string, string[]>([['', []]]);
  for (const sheet of input.sheets) {
    for (const row of sheet.rows) {
      const text = pathText(row.cells[PARENT_SLOT]);
      let segments = split.get(text);
      if (!segments) {
        segments = splitPath(text);
        split.set(text, segments);
      }
      const name = row.cells[NAME_SLOT];
      if (segments.length === 0 && name !== null && name !== undefined) topNames.add(String(name).trim());
    }
  }
  const dropProject = !topNames.has(input.projectName);
  const parents = new Map<string, ParentPath>([['', PROJECT_PATH]]);
  const parentOf = (text: string): ParentPath => {
    const known = parents.get(text);
    if (known) return known;
    let segments = split.get(text) ?? splitPath(text);
    if (dropProject && segments[0] === input.projectName) segments = segments.slice(1);
    const path = segments.length === 0 ? PROJECT_PATH : { segments, key: segments.join(KEY_JOIN) };
    parents.set(text, path);
    return path;
  };
  const nameProblems = new Map<string, string | null>();

  // Pass 1: names, paths and the index of the workbook's rows by path.
  const infos: RowInfo[] = [];
  const byKey = new Map<string, RowInfo>();
  /** Rows sharing a key, for keys of more than one row. */
  const twinsOf = new Map<string, RowInfo[]>();
  for (const sheet of input.sheets) {
    for (const row of sheet.rows) {
      const rawName = row.cells[NAME_SLOT] ?? null;
      const nameText = typeof rawName === 'number' ? String(rawName) : rawName;
      let problem: string | null;
      if (typeof nameText === 'string') {
        const known = nameProblems.get(nameText);
        problem = known === undefined ? checkNodeName(nameText) : known;
        if (known === undefined) nameProblems.set(nameText, problem);
      } else problem = checkNodeName(nameText);
      if (problem) fail(sheet, row, problem.startsWith('name') ? problem : `name: ${problem}`);
      const name = typeof nameText === 'string' ? nameText.trim() : '';
      const parent = parentOf(pathText(row.cells[PARENT_SLOT]));
      const key = parent.key ? `${parent.key}${KEY_JOIN}${name}` : name;
      const info: RowInfo = { sheet, row, name, parent, key, indexed: !problem };
      infos.push(info);
      if (problem) continue;
      const first = byKey.get(key);
      if (!first) byKey.set(key, info);
      else {
        const twins = twinsOf.get(key);
        if (twins) twins.push(info);
        else twinsOf.set(key, [first, info]);
      }
    }
  }

  // Pass 2: parents, types, duplicates and fields; the plan bucketed by depth.
  const byDepth: PlannedNode[][] = [];
  const check = fieldChecker();
  const holds = new Map<string, Map<string, boolean>>();
  const step = Math.max(1, Math.ceil(infos.length / 20));
  for (let i = 0; i < infos.length; i++) {
    if (i > 0 && i % step === 0) await input.progress?.(i);
    const info = infos[i] as RowInfo;
    const { sheet, row, name, parent } = info;
    const type = sheet.type;
    let parentLabel: string | undefined;
    let parentId: number | null = null;
    if (parent.key === '') {
      parentLabel = 'project';
      parentId = 0;
    } else {
      const node = existing.get(parent.key);
      if (node) {
        parentLabel = node.model_label;
        parentId = node.id;
      } else {
        const rowParent = byKey.get(parent.key);
        if (rowParent) parentLabel = rowParent.sheet.type.modelLabel;
        else
          fail(
            sheet,
            row,
            `parent path '${parent.segments.join(PATH_SEPARATOR)}' does not exist in the project or in this workbook`,
          );
      }
    }
    if (parentLabel !== undefined) {
      let byParent = holds.get(type.modelLabel);
      if (!byParent) {
        byParent = new Map();
        holds.set(type.modelLabel, byParent);
      }
      let allowed = byParent.get(parentLabel);
      if (allowed === undefined) {
        allowed = canHold(parentLabel, type.modelLabel);
        byParent.set(parentLabel, allowed);
      }
      if (!allowed) fail(sheet, row, cannotHoldMessage(parentLabel, type.modelLabel));
      else if (input.networkOnly && !type.pipeNetwork && !PIPE_NETWORK_LABELS.has(parentLabel))
        fail(sheet, row, outsideNetworkMessage(type.modelLabel, parentLabel));
    }
    if (name && existing.has(info.key))
      fail(sheet, row, `name: ${NODE_MESSAGES.duplicateName} (in the project)`);
    const twins = info.indexed ? twinsOf.get(info.key) : undefined;
    if (twins) {
      // Name a few of the other rows (a workbook of one row repeated must not grow quadratically).
      const others = twins
        .slice(0, 4)
        .filter((t) => t !== info)
        .slice(0, 3)
        .map(where);
      const more = twins.length - 1 - others.length;
      const also = more > 0 ? `${others.join(', ')} and ${more} more` : others.join(', ');
      fail(sheet, row, `name: ${NODE_MESSAGES.duplicateName} (also ${also})`);
    }
    const attributes: NodeAttributes = {};
    const { fields } = type;
    for (let f = 0; f < fields.length; f++) {
      const field = fields[f] as NodeField;
      const { value, problem } = check(field, row.cells[fieldSlot(f)] ?? null);
      if (problem) fail(sheet, row, problem);
      else if (value !== null && typeof value !== 'boolean') attributes[field.key] = value;
    }
    const depth = parent.segments.length + 1;
    let level = byDepth[depth];
    if (!level) {
      level = [];
      byDepth[depth] = level;
    }
    level.push({
      key: info.key,
      parentKey: parent.key,
      parentId,
      modelLabel: type.modelLabel,
      name,
      attributes,
      depth,
      sort: i,
    });
  }
  await input.progress?.(infos.length);
  let badRows = 0;
  for (const bySheet of errors.values()) badRows += bySheet.size;
  if (badRows > 0) return { planned: [], errors, badRows };
  // Parents before children; within a depth in the order of the workbook.
  const planned: PlannedNode[] = [];
  for (const level of byDepth) if (level) for (const node of level) planned.push(node);
  return { planned, errors, badRows };
}
