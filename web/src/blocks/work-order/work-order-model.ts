/**
 * The description of a work-order board (family WO, screens.md §1 WorkOrderBoard, §2.10: the
 * inspection, maintenance and repair orders). The board knows nothing of a particular life
 * cycle: the state machine (written once, in core, by the operations family) comes in as
 * `actionsOf(state, order)`, the actions the board may offer an order in that state; the board
 * offers exactly those, minus the ones the user's permissions refuse, in the detail drawer and,
 * for several orders, only the batch actions every chosen order allows.
 */
import type { PermissionKey } from '@eem/core';
import type { Client, DownloadResult } from '@eem/sdk';
import type { ReactNode } from 'react';
import type { PagedAnswer } from '../CrudLedger';
import type { DataColumn, PageState } from '../DataTable';
import type { QueryOptions } from '../data';
import type { FilterFieldDef } from '../FilterBar';
import type { FormFieldDef, FormValues } from '../FormFields';
import type { FieldErrors } from '../form-issues';

/** TanStack query options: `useEndpointQueries()(endpointKey(area, name), input)` gives them. */
export type BoardQuery<T> = QueryOptions<T>;

/**
 * Where the orders come from: the counts by state, a page of the orders in a state (null: all)
 * and an order's detail. With the operations contract these are its workorder/{type}/count,
 * query and detail endpoints.
 */
export interface WorkOrderSource<O, F, D, S extends string | number> {
  counts: (filters: F) => BoardQuery<Readonly<Partial<Record<S, number>>>>;
  list: (filters: F, state: S | null, page: PageState) => BoardQuery<PagedAnswer<O>>;
  detail?: (order: O) => BoardQuery<D>;
}

export interface WorkOrderState<S extends string | number> {
  value: S;
  label: string;
  /** The tab's and the tag's colour (Semi tag colours). */
  color?: 'amber' | 'blue' | 'cyan' | 'green' | 'grey' | 'orange' | 'red' | 'violet';
}

/** What an action asks for before it runs (a result, a team, a password…). */
export interface ActionForm<V extends FormValues = FormValues, O = unknown> {
  fields: readonly FormFieldDef<V>[];
  /** The form's first values, for the orders it acts on (a draft saved before…). */
  empty: (orders: readonly O[]) => V;
  /** Field errors (the contract's schema, form-issues.ts); empty lets the action run. */
  validate: (values: V) => FieldErrors;
  width?: number;
}

export interface WorkOrderAction<O, V extends FormValues = FormValues> {
  label: string;
  /** The permission the action needs (core's operation keys: workorder_assign…). */
  permission?: PermissionKey;
  /** May act on several chosen orders at once (batch submit). */
  batch?: boolean;
  /** Offered only for chosen orders, not in an order's detail. */
  batchOnly?: boolean;
  danger?: boolean;
  /** A confirmation before it runs, when no form is asked. */
  confirm?: (orders: readonly O[]) => string;
  form?: ActionForm<V, O>;
  /**
   * Runs the action: a write through the query layer (`useEndpointMutation(…).mutateAsync`),
   * which refreshes what it changes; the board refreshes its counts, list and detail too.
   */
  run: (orders: readonly O[], values: V) => Promise<unknown>;
}

export interface TimelineEntry {
  time: number;
  label: ReactNode;
  by?: string;
  note?: ReactNode;
}

export interface WorkOrderDetail<O, D> {
  /** The drawer's title (the order's code). */
  title: (order: O) => ReactNode;
  /** The order as its detail reads it (fresher than the list's row after an action moved it). */
  order?: (detail: D) => O;
  /** Label and value pairs at the top. */
  fields?: (
    order: O,
    detail: D | undefined,
  ) => readonly { key: string; label: ReactNode; value: ReactNode }[];
  timeline?: (order: O, detail: D | undefined) => readonly TimelineEntry[];
  attachments?: (order: O, detail: D | undefined) => readonly { name: string; open: () => void }[];
  /** Results, readings, spare parts… */
  extra?: (order: O, detail: D | undefined) => ReactNode;
}

export interface WorkOrderBoardProps<
  O,
  F extends FormValues,
  D,
  S extends string | number,
  A extends string,
> {
  'aria-label'?: string;
  states: readonly WorkOrderState<S>[];
  /** A first tab of every state ('All'); absent: no such tab. */
  allLabel?: string;
  /** The tab to open with (a link to one state); default the first. */
  initialState?: S | null;
  stateOf: (order: O) => S;
  /** The state machine: what may be done to an order in a state. */
  actionsOf: (state: S, order: O) => readonly A[];
  actions: Readonly<Record<A, WorkOrderAction<O>>>;
  source: WorkOrderSource<O, F, D, S>;
  filters?: {
    initial: F;
    fields: readonly FilterFieldDef<F>[];
    render?: (draft: F, set: (patch: Partial<F>) => void) => ReactNode;
  };
  columns: readonly DataColumn<O>[];
  rowKey: (order: O) => string | number;
  detail: WorkOrderDetail<O, D>;
  /** An order to open (from the address, or one just created); null: none. */
  open?: O | null;
  /** The detail was closed. */
  onClose?: () => void;
  /** Print of the chosen orders: fewer than `max` (screens.md: fewer than 10). */
  print?: { max: number; run: (orders: readonly O[]) => void };
  /** Export of the applied filters and tab: the export endpoint's download member. */
  exporter?: (client: Client, filters: F, state: S | null) => Promise<DownloadResult>;
}
