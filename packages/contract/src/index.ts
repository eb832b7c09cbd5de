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
export { FILE_NAME_PATTERN, type StoredFile, UPLOAD_KINDS } from './areas/files.js';
export type { OperationLogRow, TaskLogRow } from './areas/logs.js';
export { type Graph, type GraphElement, REALTIME_POLL_MS, type RealtimeValue } from './areas/monitor.js';
export {
  type NodeAttributes,
  type NodeItem,
  type NodeTreeItem,
  type Topology,
  TREE_CONTEXTS,
  type TreeContextConfig,
} from './areas/nodes.js';
export { isProjectProfile, type ProjectProfile, projectProfileOf } from './areas/projects.js';
export { systemInfo } from './areas/shell.js';
export * from './areas/users-schemas.js';
export type { AreaName, Catalogue } from './catalogue.js';
export { catalogue, listEndpoints } from './catalogue.js';
export * from './channels.js';
export * from './define-endpoint.js';
export * from './schemas.js';
