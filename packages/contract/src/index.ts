export type { AccountingScheme, ObjectCost, Rate } from './areas/cost.js';
export {
  type Completeness,
  type DatalogPoint,
  type DatalogSeries,
  EXPORT_FORMATS,
  type ExportFormat,
  type PhysicalQuantity,
  RECALCULATION_TARGETS,
  type RecalculationState,
  type TrendTemplate,
} from './areas/datalog.js';
export { DEMAND_EVENT_TYPES } from './areas/demand.js';
export type { BillingScheme, ComputedBill, Inlet, UtilityBill } from './areas/demand-schemas.js';
export type { Device, DeviceTemplate, SparePart, StockMove } from './areas/devices.js';
export {
  type ConsumptionAnswer,
  type DetailAnswer,
  EXPORT_TABLE_FORMATS,
  type ScriptAnswer,
} from './areas/energy.js';
export type { EnergyNode, EnergyNodeRef } from './areas/energy-schemas.js';
export { ENTRY_GRAINS, type EntryGrid } from './areas/entries.js';
export {
  type AlarmScheme,
  type ConfirmChoice,
  confirmChoice,
  EFFICIENCY_EVENT_TYPES,
  ENERGY_EVENT_TYPES,
  type EventFilter,
  type EventItem,
  type EventTypeSetting,
  type Incident,
  LOSS_EVENT_TYPES,
} from './areas/events.js';
export type { EventPlan, FaultScenario } from './areas/expert.js';
export type { FavoriteNode } from './areas/favorites.js';
export { FILE_NAME_PATTERN, type StoredFile, UPLOAD_KINDS } from './areas/files.js';
export type { OperationLogRow, TaskLogRow } from './areas/logs.js';
export type { LossObject, LossShareScheme, ShareScheme } from './areas/loss-schemas.js';
export type { MaintenanceItem, MaintenancePlan } from './areas/maintenance.js';
export type { TouScheme } from './areas/metering.js';
export { type Graph, type GraphElement, REALTIME_POLL_MS, type RealtimeValue } from './areas/monitor.js';
export {
  type NodeAttributes,
  type NodeItem,
  type NodeTreeItem,
  type Topology,
  TREE_CONTEXTS,
  type TreeContextConfig,
} from './areas/nodes.js';
export { PQ_EVENT_TYPES, PQ_WAVE_BATCH_MAX, type PqEvent, type Waveform, type WaveRms } from './areas/pq.js';
export { PRODUCTION_KINDS, type Product, type ProductionGrid } from './areas/production.js';
export { isProjectProfile, type ProjectProfile, projectProfileOf } from './areas/projects.js';
export { systemInfo } from './areas/shell.js';
export * from './areas/users-schemas.js';
export * from './areas/workorders-schemas.js';
export * from './bounds.js';
export type { AreaName, Catalogue } from './catalogue.js';
export { catalogue, listEndpoints } from './catalogue.js';
export * from './channels.js';
export * from './define-endpoint.js';
export type { JsonSchema } from './json-schema.js';
export * from './schemas.js';
