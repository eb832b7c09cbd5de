/**
 * Every JSON column of the schema with its zod schema (json-column.ts): repositories decode
 * and encode these columns through them and nothing else. The settings table's `value` is the
 * one JSON column whose schema depends on the row: each setting's reader passes its own
 * (areas/shell/repo/settings.ts).
 */
import { catalogue } from '@eem/contract';
import { NOTIFY_CHANNELS } from '@eem/core';
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
} as const;
