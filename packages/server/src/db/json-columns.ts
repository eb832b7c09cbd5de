/**
 * Every JSON column of the schema with its zod schema (json-column.ts): repositories decode
 * and encode these columns through them and nothing else. The settings table's `value` is the
 * one JSON column whose schema depends on the row: each setting's reader passes its own
 * (areas/shell/repo/settings.ts).
 */
import { catalogue } from '@eem/contract';
import { BILLING_METHODS, NOTIFY_CHANNELS, PARAMETER_TYPES } from '@eem/core';
import { z } from 'zod';
import { jsonColumn } from './json-column.js';

const texts = z.array(z.string());
const touPeriods = z.array(
  z.object({
    band: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    start: z.number(),
    end: z.number(),
  }),
);
const ids = z.array(z.number().int());
const partQuantities = z.array(z.object({ partId: z.number().int(), quantity: z.number().int() }));

/** What the executor of a work order recorded (work_orders.work). */
export const ORDER_WORK = z.object({
  result: z.string(),
  cause: z.string(),
  spareParts: partQuantities,
  attachments: texts,
});
export type OrderWorkValue = z.output<typeof ORDER_WORK>;

/** The maintenance items of an order, as made, with what was recorded (work_orders.items). */
export const ORDER_ITEMS = z.array(
  z.object({
    itemId: z.number().int(),
    name: z.string(),
    content: z.string(),
    method: z.string(),
    standard: z.string(),
    done: z.boolean(),
    reading: z.string(),
    note: z.string(),
  }),
);
export type OrderItemValue = z.output<typeof ORDER_ITEMS>[number];

export const REVIEW_DRAFT = z.object({ comment: z.string(), userId: z.number().int(), savedAt: z.number() });
export type ReviewDraftValue = z.output<typeof REVIEW_DRAFT>;

export const TEMPLATE_PARAMETERS = z.array(
  z.object({
    name: z.string(),
    unit: z.string(),
    dataType: z.enum(PARAMETER_TYPES),
    min: z.number().nullable(),
    max: z.number().nullable(),
    required: z.boolean(),
    options: texts,
  }),
);

export const JSON_COLUMNS = {
  projectDocuments: jsonColumn('projects', 'documents', texts),
  rolePermissions: jsonColumn('roles', 'permissions', texts),
  roleMobilePermissions: jsonColumn('roles', 'mobile_permissions', texts),
  userNotificationTypes: jsonColumn('users', 'notification_types', texts),
  messageClientTags: jsonColumn('message_clients', 'tags', texts),
  nodeAttributes: jsonColumn(
    'nodes',
    'attributes',
    z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  ),
  importProblems: jsonColumn('import_reports', 'problems', catalogue.nodes.importProblems.data),
  quantityDeviceTypes: jsonColumn('physical_quantities', 'device_types', texts),
  trendPointIds: jsonColumn('trend_templates', 'point_ids', ids),
  schemeLogTypes: jsonColumn('alarm_schemes', 'log_types', ids),
  schemeThresholds: jsonColumn(
    'alarm_schemes',
    'thresholds',
    z.array(z.object({ level: z.number().int(), value: z.number() })),
  ),
  schemeNodeIds: jsonColumn('alarm_schemes', 'node_ids', ids),
  schemeReceiverUserIds: jsonColumn('alarm_schemes', 'receiver_user_ids', ids),
  schemeReceiverGroupIds: jsonColumn('alarm_schemes', 'receiver_group_ids', ids),
  schemeChannels: jsonColumn('alarm_schemes', 'channels', z.array(z.enum(NOTIFY_CHANNELS))),
  scenarioLogTypes: jsonColumn('fault_scenarios', 'log_types', ids),
  scenarioCauses: jsonColumn('fault_scenarios', 'causes', texts),
  scenarioChecks: jsonColumn('fault_scenarios', 'checks', texts),
  scenarioAttachments: jsonColumn('fault_scenarios', 'attachments', texts),
  planSteps: jsonColumn('event_plans', 'steps', z.array(z.object({ text: z.string(), role: z.string() }))),
  energyCycle: jsonColumn(
    'energy_settings',
    'cycle',
    z.object({
      dayStartHour: z.number().int(),
      weekStartDay: z.number().int(),
      monthStartDay: z.number().int(),
      yearStartMonth: z.number().int(),
    }),
  ),
  energyUnits: jsonColumn(
    'energy_settings',
    'units',
    z.record(z.string(), z.object({ unit: z.string(), multiplier: z.number() })),
  ),
  touDefinition: jsonColumn(
    'tou_versions',
    'definition',
    z.object({
      seasons: z.array(
        z.object({
          name: z.string(),
          start: z.string(),
          end: z.string(),
          workday: touPeriods,
          holiday: touPeriods,
        }),
      ),
      holidays: texts,
      workdays: texts,
    }),
  ),
  deviceParameters: jsonColumn(
    'devices',
    'parameters',
    z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  ),
  deviceDocuments: jsonColumn('devices', 'documents', texts),
  templateParameters: jsonColumn('device_templates', 'parameters', TEMPLATE_PARAMETERS),
  templateItemIds: jsonColumn('device_templates', 'item_ids', ids),
  sparePartDeviceIds: jsonColumn('spare_parts', 'device_ids', ids),
  itemSpareParts: jsonColumn('maintenance_items', 'spare_parts', partQuantities),
  maintenancePlanDeviceIds: jsonColumn('maintenance_plans', 'device_ids', ids),
  maintenancePlanItemIds: jsonColumn('maintenance_plans', 'item_ids', ids),
  orderAttachments: jsonColumn('work_orders', 'attachments', texts),
  orderItems: jsonColumn('work_orders', 'items', ORDER_ITEMS),
  orderWork: jsonColumn('work_orders', 'work', ORDER_WORK),
  orderReviewDraft: jsonColumn('work_orders', 'review_draft', REVIEW_DRAFT),
  billingMethods: jsonColumn('billing_scheme_versions', 'methods', z.array(z.enum(BILLING_METHODS))),
  warningLevels: jsonColumn(
    'demand_warning_configs',
    'levels',
    z.array(z.object({ level: z.number().int(), value: z.number() })),
  ),
  warningReceiverIds: jsonColumn('demand_warning_configs', 'receiver_ids', ids),
  warningChannels: jsonColumn('demand_warning_configs', 'channels', z.array(z.enum(NOTIFY_CHANNELS))),
  declarationReminderUserIds: jsonColumn('demand_declarations', 'reminder_user_ids', ids),
  costOtherFees: jsonColumn(
    'cost_schemes',
    'other_fees',
    z.array(z.object({ name: z.string(), amount: z.number() })),
  ),
  costDetail: jsonColumn(
    'cost_results',
    'detail',
    z.object({
      energies: catalogue.cost.results.data.shape.rows.element.shape.energies,
      otherFees: z.array(z.object({ name: z.string(), amount: z.number() })),
    }),
  ),
} as const;
