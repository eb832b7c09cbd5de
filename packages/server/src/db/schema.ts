/** Table types for Kysely. Times are epoch milliseconds; JSON columns hold text. */
import type { Generated } from 'kysely';

export interface TenantTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  hosting_end_time: number | null;
  hosted_projects: number;
  created_at: number;
}

export interface ProjectTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  code: string;
  time_zone: string;
  level: string | null;
  company: string | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  area: number | null;
  people: number | null;
  cooperation_deadline: number | null;
  operation_date: number | null;
  annual_output: number | null;
  description: string | null;
  /** fileName of the main image (files). */
  main_image: string | null;
  /** JSON array of document fileNames (files), at most 5. */
  documents: Generated<string>;
  created_at: number;
}

export interface RoleTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  role_type: number;
  duty_type: string;
  home_page: string | null;
  /** JSON array of permission keys (page and operation keys). */
  permissions: string;
  /** JSON array of mobile page keys. */
  mobile_permissions: string;
  created_at: number;
}

export interface UserTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  nic_name: string;
  email: string;
  mobile_phone: string;
  usertype: number;
  role_id: number | null;
  is_root: number;
  password_hash: string;
  password_expires_at: number | null;
  inspection_password_hash: string | null;
  status: number;
  file_name: string | null;
  /** JSON array of notification types (web, sms, email, app). */
  notification_types: Generated<string>;
  created_at: number;
}

export interface UserProjectTable {
  user_id: number;
  project_id: number;
}

export interface UserNodeTable {
  user_id: number;
  model_label: string;
  node_id: number;
}

export interface UserGroupTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  group_type: string;
  file_name: string | null;
  /** The project of a group made in project mode; null for a tenant-wide group. */
  project_id: number | null;
  created_at: number;
}

export interface UserGroupMemberTable {
  group_id: number;
  user_id: number;
}

export interface SessionTable {
  token_hash: string;
  user_id: number;
  client: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** The replay memory of sign-ins: the SHA-256 of (kind, account, timestamp), pruned after 10 minutes. */
export interface LoginNonceTable {
  digest: string;
  seen_at: number;
}

/** Wrong tries and the lock of an account key (migration 0030). */
export interface SignInLockTable {
  /** SHA-256 of the account (a root account: of the account and the client's address). */
  key: string;
  /** SHA-256 of the account alone (the operator's unlock finds every key of an account by it). */
  account: string;
  failed_tries: number;
  locked_until: number | null;
  updated_at: number;
}

/** Failed sign-ins of a client address in two fixed windows (the sliding-window throttle). */
export interface SignInFailureTable {
  /** SHA-256 of the client's address. */
  address: string;
  window_start: number;
  count: number;
  previous: number;
}

export interface SsoGrantTable {
  code_hash: string;
  kind: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
}

export interface NoticeTable {
  id: Generated<number>;
  user_id: number;
  project_id: number | null;
  log_type: number;
  event_class: number;
  description: string;
  content: string;
  created_at: number;
}

export interface MessageClientTable {
  user_id: number;
  tags: string;
  registered_at: number;
}

export interface TaskTable {
  id: Generated<number>;
  project_id: number | null;
  user_id: number;
  operation_type: number;
  log_type: number;
  name: string;
  status: number;
  ratio: number;
  message: string;
  started_at: number;
  finished_at: number | null;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface OperationLogTable {
  id: Generated<number>;
  time: number;
  user_id: number | null;
  account: string;
  tenant_id: number | null;
  project_id: number | null;
  /** pf or fw. */
  module: string;
  /** add, edit, delete, login, logout, export, resetPassword. */
  operation: string;
  object: string;
  /** success or failure. */
  result: string;
  client_ip: string;
  description: string;
}

export interface FileTable {
  /** The stored name: 32 hex characters and the extension. */
  file_name: string;
  tenant_id: number;
  project_id: number | null;
  user_id: number;
  /** image or document. */
  kind: string;
  original_name: string;
  size: number;
  content_type: string;
  created_at: number;
}

export interface CameraTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  location: string;
  created_at: number;
}

export interface KnowledgeFolderTable {
  id: Generated<number>;
  project_id: number;
  parent_id: number | null;
  name: string;
  created_at: number;
}

/** A node of a project tree (core NODE_TYPES); the project itself is not a row. */
export interface NodeTable {
  id: Generated<number>;
  project_id: number;
  /** The parent node; 0 for the project's own children. */
  parent_id: number;
  model_label: string;
  name: string;
  /** JSON object of the type's fields. */
  attributes: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A link of a generated topology: pipeline (operation type 1) or hierarchy (2 and 5). */
export interface NodeLinkTable {
  project_id: number;
  kind: string;
  from_id: number;
  to_id: number;
}

/** The error report of a failed node import: the uploaded workbook with an error column. */
export interface ImportReportTable {
  task_id: number;
  project_id: number;
  user_id: number;
  file_name: string;
  /** Empty when the import left no error report (success, dry run, unreadable file). */
  content: Buffer;
  created_at: number;
  /** JSON of the import's problems (ImportProblems); null for reports stored before migration 0004. */
  problems: string | null;
}

/** A physical quantity of a tenant (core DEFAULT_QUANTITIES to start with). */
export interface PhysicalQuantityTable {
  id: Generated<number>;
  tenant_id: number;
  data_id: number;
  name: string;
  en_name: string;
  unit: string;
  energy_type: number | null;
  kind: string;
  aggregation: string;
  decimals: number;
  /** JSON array of node types. */
  device_types: string;
  created_at: number;
  updated_at: number;
}

/** A measurement point: one quantity (data id) of one node. */
export interface DatalogPointTable {
  id: Generated<number>;
  project_id: number;
  node_id: number;
  data_id: number;
  created_at: number;
}

export interface ReadingTable {
  point_id: number;
  ts: number;
  value: number;
}

/** A rollup bucket: grain 1 local hour, 2 local day (migration 0005). */
export interface ReadingRollupTable {
  point_id: number;
  grain: number;
  ts: number;
  n: number;
  sum: number;
  min: number;
  max: number;
  last: number;
  delta: number;
}

/** A checked row of a running reading import, staged until it is applied (migration 0031). */
export interface ReadingImportRowTable {
  task_id: number;
  point_id: number;
  ts: number;
  /** null: the reading is deleted. */
  value: number | null;
}

export interface DatalogEditTable {
  id: Generated<number>;
  project_id: number;
  point_id: number;
  ts: number;
  old_value: number | null;
  new_value: number | null;
  user_id: number;
  source: string;
  reason: string;
  task_id: number | null;
  changed_at: number;
}

export interface TrendTemplateTable {
  id: Generated<number>;
  project_id: number;
  user_id: number;
  name: string;
  point_ids: string;
  interval: string;
  created_at: number;
}

export interface RecalculationTable {
  task_id: number;
  project_id: number;
  start_time: number;
  end_time: number;
  total: number;
  done: number;
}

/** Events (issue 7): status 1 pending, 2 processing, 3 confirmed; has_wave 0/1. */
export interface EventTable {
  id: Generated<number>;
  project_id: number;
  log_type: number;
  event_class: number;
  level: number;
  status: number;
  time: number;
  end_time: number | null;
  node_id: number | null;
  point_id: number | null;
  scheme_id: number | null;
  incident_id: number | null;
  description: string;
  value: number | null;
  threshold: number | null;
  unit: Generated<string>;
  /** The user id of who confirmed it. */
  confirmed_by: number | null;
  confirmed_at: number | null;
  result: string | null;
  has_wave: Generated<number>;
  /** When the event's last notice (raise or repeat) went out; the alarm engine's repeat clock. */
  notified_at: number | null;
}

export interface IncidentTable {
  id: Generated<number>;
  project_id: number;
  scheme_id: number | null;
  node_id: number | null;
  kind: string;
  start_time: number;
  last_time: number;
  primary_event_id: number;
  member_count: number;
}

/** JSON columns: log_types, thresholds ([{level, value}]), node_ids, receivers, channels. */
export interface AlarmSchemeTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  enabled: number;
  kind: string;
  log_types: string;
  thresholds: string;
  node_ids: string;
  receiver_user_ids: string;
  receiver_group_ids: string;
  channels: string;
  active_from: string | null;
  active_to: string | null;
  repeat_minutes: number;
  created_at: number;
  updated_at: number;
}

export interface EventTypeSettingTable {
  project_id: number;
  log_type: number;
  level: number;
  event_class: number;
  popup: number;
  sound: number;
  push: number;
  enabled: number;
  lower_limit: number | null;
  upper_limit: number | null;
}

/** A fault scenario of a tenant (migration 0007); JSON arrays in text columns. */
export interface FaultScenarioTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** A node type (model label); empty: any. */
  device_classified: string;
  /** Event class 1 to 5; null: any. */
  event_classified: number | null;
  /** JSON array of log types; empty: any. */
  log_types: string;
  /** JSON arrays of texts. */
  causes: string;
  checks: string;
  /** JSON array of fileNames (files). */
  attachments: string;
  created_at: number;
  updated_at: number;
}

/** A handling plan of a tenant; steps: JSON array of {text, role}. */
export interface EventPlanTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  steps: string;
  created_at: number;
  updated_at: number;
}

export interface EventPlanScenarioTable {
  plan_id: number;
  scenario_id: number;
  position: number;
}

/** The power-quality part of an event of log type 712 and the parameters of its recording. */
export interface PqEventTable {
  id: Generated<number>;
  event_id: number;
  /** sag, swell, interruption or transient. */
  type: string;
  phase: string;
  magnitude: number;
  duration_ms: number;
  /** ok, prohibited or noDamage. */
  itic: string;
  nominal_voltage: number;
  load_current: number;
  power_factor: number;
  /** Phase angle of phase A at the trigger, in degrees. */
  point_on_wave: number;
  seed: number;
}

// ------------------------------------------------------------------ energy (migration 0009)

/** Per project: the accounting cycle and the display units (JSON; null: the defaults). */
export interface EnergySettingTable {
  project_id: number;
  cycle: string | null;
  units: string | null;
  updated_at: number;
}

/** A standard-coal factor: project 0 the platform default, else a project's override. */
export interface CoalFactorTable {
  id: Generated<number>;
  project_id: number;
  energy_type: number;
  factor: number;
  updated_at: number;
}

export interface TouSchemeTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

/** An effective-dated definition of a scheme: from a local day's start, to the start of its last day (null: open). */
export interface TouVersionTable {
  id: Generated<number>;
  project_id: number;
  scheme_id: number;
  effective_from: number;
  effective_to: number | null;
  /** JSON: seasons, holidays, workdays. */
  definition: string;
}

/** The scheme of a node (node 0: the project). */
export interface TouBindingTable {
  project_id: number;
  node_id: number;
  scheme_id: number;
}

/** A counter's increase per time-of-use band (1..4) in a local hour (grain 1) or day (2). */
export interface TouRollupTable {
  project_id: number;
  point_id: number;
  grain: number;
  ts: number;
  band: number;
  delta: number;
}

/** A meter bound to a node (node 0: the project) with its energy type, coefficient and item. */
export interface NodeMeterTable {
  project_id: number;
  node_id: number;
  meter_id: number;
  energy_type: number;
  coef: number;
  item: string | null;
}

/** A supply connection: `from_id` feeds `to_id` with an energy type. */
export interface NodeConnectionTable {
  project_id: number;
  energy_type: number;
  from_id: number;
  to_id: number;
}

/** A monthly plan (quota) in the base unit; year and month name the accounting month. */
export interface EnergyPlanTable {
  project_id: number;
  node_id: number;
  energy_type: number;
  year: number;
  month: number;
  value: number;
}

export interface ProductTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  unit: string;
  created_at: number;
}

/** Planned (kind 1) or actual (kind 2) output of a product at a node in an accounting month. */
export interface ProductionValueTable {
  project_id: number;
  product_id: number;
  node_id: number;
  kind: number;
  year: number;
  month: number;
  value: number;
}

/** A manual entry in the base unit: period 'YYYY-MM' (accounting month) or 'YYYY-MM-DD' (day). */
export interface EnergyEntryTable {
  project_id: number;
  node_id: number;
  energy_type: number;
  period: string;
  quantity: number;
  amount: number | null;
  remark: string;
  updated_by: number;
  updated_at: number;
}

export interface FavoriteNodeTable {
  project_id: number;
  user_id: number;
  node_id: number;
  model_label: string;
  created_at: number;
}

// ------------------------------------------------------------------ operations (migration 0020)

/** A device of a project's ledger; parameters by the template's names and documents are JSON. */
export interface DeviceTable {
  id: Generated<number>;
  project_id: number;
  template_id: number | null;
  name: string;
  /** Unique in the project. */
  code: string;
  model: string;
  manufacturer: string;
  /** Where the device is (a node of the project). */
  node_id: number | null;
  factory_date: number | null;
  operation_date: number | null;
  /** 1 running, 2 scrapped. */
  status: number;
  last_maintenance: number | null;
  next_maintenance: number | null;
  /** JSON object: parameter name → value. */
  parameters: string;
  /** fileName (files). */
  image: string | null;
  /** JSON array of fileNames. */
  documents: string;
  created_at: number;
  updated_at: number;
}

/** A device type of a project: its parameter definitions and default items (JSON). */
export interface DeviceTemplateTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  parameters: string;
  item_ids: string;
  created_at: number;
  updated_at: number;
}

export interface SparePartTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  model: string;
  unit: string;
  template_id: number | null;
  supplier: string;
  contact_phone: string;
  safety_stock: number;
  /** Changed only by stock moves; never below zero. */
  stock: number;
  price: number;
  /** JSON array of device ids. */
  device_ids: string;
  created_at: number;
  updated_at: number;
}

/** A stock-in (1) or stock-out (2) of a part, with the stock after it. */
export interface StockMoveTable {
  id: Generated<number>;
  project_id: number;
  part_id: number;
  kind: number;
  quantity: number;
  stock_after: number;
  time: number;
  user_id: number | null;
  device_id: number | null;
  /** The work order whose completion used the parts. */
  order_id: number | null;
  note: string;
}

export interface MaintenanceItemTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  device_type: string;
  content: string;
  method: string;
  standard: string;
  /** Estimated hours in ms. */
  hours: number;
  /** JSON array of {partId, quantity}. */
  spare_parts: string;
  created_at: number;
  updated_at: number;
}

export interface MaintenancePlanTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  enabled: number;
  /** JSON arrays of ids. */
  device_ids: string;
  item_ids: string;
  cycle: string;
  cycle_hours: number | null;
  first_time: number;
  /** The team that does its orders (null: the dispatchers assign them). */
  team_id: number | null;
  timeconsumeplan: number;
  remind_before: number;
  tasklevel: number;
  /** The next occurrence whose orders are still to come: its index, time and due time (time − lead). */
  next_index: number;
  next_time: number;
  due_at: number;
  last_generated_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A maintenance or repair order (core workorders.ts gives the meaning of status and review_stage). */
export interface WorkOrderTable {
  id: Generated<number>;
  project_id: number;
  type: string;
  code: string;
  status: number;
  review_stage: number;
  tasklevel: number;
  description: string;
  device_id: number | null;
  node_id: number | null;
  team_id: number | null;
  executor_id: number | null;
  creator_id: number | null;
  /** manual, plan or event. */
  source: string;
  plan_id: number | null;
  /** The plan's name when it generated the order. */
  plan_name: string;
  event_id: number | null;
  executetimeplan: number;
  timeconsumeplan: number;
  deadline: number;
  executetime: number | null;
  finishtime: number | null;
  overdue: number;
  /** JSON array of fileNames (photos at creation). */
  attachments: string;
  /** JSON array of the order's maintenance items with what was recorded. */
  items: string;
  /** JSON: the work (result, cause, spare parts, photos). */
  work: string;
  /** JSON: a review saved for later ({comment, userId, savedAt}), or null. */
  review_draft: string | null;
  taken_at: number | null;
  submitted_at: number | null;
  completed_at: number | null;
  /** Incremented by every change: a change names the version it read. */
  version: number;
  created_at: number;
  updated_at: number;
}

/** One step of an order's timeline. */
export interface WorkOrderStepTable {
  id: Generated<number>;
  project_id: number;
  order_id: number;
  time: number;
  action: string;
  user_id: number | null;
  from_status: number | null;
  to_status: number;
  note: string;
}

/** The last number of the codes of a project, prefix and local day (yymmdd). */
export interface WorkOrderCodeTable {
  project_id: number;
  prefix: string;
  day: string;
  last: number;
}

// ------------------------------------------------------------------ demand and bills (0040)

export interface DemandInletTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  code: string;
  voltage_kv: number;
  bus_segment: string;
  transformer_kva: number;
  /** 'capacity' | 'demand'. */
  billing_method: string;
  declared_kw: number;
  /** 'sliding' | 'fixed'. */
  window_type: string;
  meter_node_id: number;
  billing_scheme_id: number | null;
  account: string;
  remark: string;
  /** The end of the quarter hours already rolled up (null: none). */
  rolled_to: number | null;
  /** The newest datalog_edits id of the power point applied to the rollup. */
  edits_seen: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface BillingSchemeTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  pf_standard: number | null;
  tou_scheme_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface BillingSchemeVersionTable {
  id: Generated<number>;
  project_id: number;
  scheme_id: number;
  month_from: string;
  month_to: string | null;
  /** JSON array of 'capacity' | 'demand'. */
  methods: string;
  capacity_price: number;
  demand_price: number;
  penalty_threshold_pct: number;
  penalty_multiplier: number;
  price_sharp: number;
  price_peak: number;
  price_flat: number;
  price_valley: number;
}

export interface DemandWarningConfigTable {
  inlet_id: number;
  project_id: number;
  enabled: number;
  /** 'percent' | 'kw'. */
  basis: string;
  /** JSON [{level, value}]. */
  levels: string;
  on_predicted: number;
  receiver_ids: string;
  channels: string;
  repeat_minutes: number;
  updated_at: number;
}

export interface DemandDeclarationTable {
  project_id: number;
  inlet_id: number;
  month: string;
  value_kw: number;
  reminder_day: number | null;
  reminder_user_ids: string;
  reminded_at: number | null;
  updated_by: number;
  updated_at: number;
}

export interface UtilityBillTable {
  id: Generated<number>;
  project_id: number;
  inlet_id: number;
  month: string;
  number: string;
  remark: string;
  total: number;
  entered_by: number;
  created_at: number;
  updated_at: number;
}

export interface UtilityBillLineTable {
  id: Generated<number>;
  project_id: number;
  bill_id: number;
  seq: number;
  code: string;
  name: string;
  quantity: number | null;
  unit: string;
  price: number | null;
  amount: number;
}

export interface DemandRollupTable {
  project_id: number;
  inlet_id: number;
  /** Start of the quarter hour. */
  ts: number;
  avg_kw: number | null;
  max_kw: number | null;
  max_at: number | null;
  /** 1 computed from readings, 2 imported. */
  source: number;
}

export interface DemandEventTable {
  event_id: number;
  project_id: number;
  inlet_id: number;
  demand_kw: number;
  declared_kw: number;
  predicted: number;
}

export interface Database {
  tenants: TenantTable;
  projects: ProjectTable;
  roles: RoleTable;
  users: UserTable;
  user_projects: UserProjectTable;
  user_nodes: UserNodeTable;
  user_groups: UserGroupTable;
  user_group_members: UserGroupMemberTable;
  sessions: SessionTable;
  login_nonces: LoginNonceTable;
  sign_in_locks: SignInLockTable;
  sign_in_failures: SignInFailureTable;
  sso_grants: SsoGrantTable;
  notices: NoticeTable;
  message_clients: MessageClientTable;
  tasks: TaskTable;
  settings: SettingTable;
  operation_logs: OperationLogTable;
  files: FileTable;
  cameras: CameraTable;
  knowledge_folders: KnowledgeFolderTable;
  nodes: NodeTable;
  node_links: NodeLinkTable;
  import_reports: ImportReportTable;
  physical_quantities: PhysicalQuantityTable;
  datalog_points: DatalogPointTable;
  readings: ReadingTable;
  reading_rollups: ReadingRollupTable;
  datalog_edits: DatalogEditTable;
  reading_import_rows: ReadingImportRowTable;
  trend_templates: TrendTemplateTable;
  recalculations: RecalculationTable;
  fault_scenarios: FaultScenarioTable;
  event_plans: EventPlanTable;
  event_plan_scenarios: EventPlanScenarioTable;
  pq_events: PqEventTable;
  events: EventTable;
  incidents: IncidentTable;
  alarm_schemes: AlarmSchemeTable;
  event_type_settings: EventTypeSettingTable;
  energy_settings: EnergySettingTable;
  coal_factors: CoalFactorTable;
  tou_schemes: TouSchemeTable;
  tou_versions: TouVersionTable;
  tou_bindings: TouBindingTable;
  tou_rollups: TouRollupTable;
  node_meters: NodeMeterTable;
  node_connections: NodeConnectionTable;
  energy_plans: EnergyPlanTable;
  products: ProductTable;
  production_values: ProductionValueTable;
  energy_entries: EnergyEntryTable;
  favorite_nodes: FavoriteNodeTable;
  devices: DeviceTable;
  device_templates: DeviceTemplateTable;
  spare_parts: SparePartTable;
  stock_moves: StockMoveTable;
  maintenance_items: MaintenanceItemTable;
  maintenance_plans: MaintenancePlanTable;
  work_orders: WorkOrderTable;
  work_order_steps: WorkOrderStepTable;
  work_order_codes: WorkOrderCodeTable;
  demand_inlets: DemandInletTable;
  billing_schemes: BillingSchemeTable;
  billing_scheme_versions: BillingSchemeVersionTable;
  demand_warning_configs: DemandWarningConfigTable;
  demand_declarations: DemandDeclarationTable;
  utility_bills: UtilityBillTable;
  utility_bill_lines: UtilityBillLineTable;
  demand_rollups: DemandRollupTable;
  demand_events: DemandEventTable;
  cost_rates: CostRateTable;
  cost_rate_versions: CostRateVersionTable;
  cost_rate_prices: CostRatePriceTable;
  cost_schemes: CostSchemeTable;
  cost_scheme_rates: CostSchemeRateTable;
  cost_scheme_objects: CostSchemeObjectTable;
  cost_results: CostResultTable;
  cost_calculations: CostCalculationTable;
  cost_budgets: CostBudgetTable;
}

// ------------------------------------------------------------------ cost (0042)

export interface CostRateTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  energy_type: number;
  /** core RATE_TYPES. */
  rate_type: string;
  tou_scheme_id: number | null;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface CostRateVersionTable {
  id: Generated<number>;
  project_id: number;
  rate_id: number;
  /** 'YYYY-MM-DD'. */
  effective_from: string;
  effective_to: string | null;
  price: number | null;
  pf_standard: number | null;
}

export interface CostRatePriceTable {
  id: Generated<number>;
  version_id: number;
  position: number;
  /** TOU: 1..4. */
  band: number | null;
  /** Tiered: the month's volume up to which the price applies (null: open). */
  up_to: number | null;
  /** Seasonal: calendar months as '1,2,3'. */
  months: string | null;
  name: string;
  price: number;
}

export interface CostSchemeTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** core FEE_ITEMS as 'energy,basic'. */
  fee_items: string;
  /** JSON [{name, amount}]. */
  other_fees: string;
  share_scheme_id: number | null;
  /** core ACCOUNTING_CYCLES. */
  cycle: string;
  remark: string;
  created_at: number;
  updated_at: number;
}

export interface CostSchemeRateTable {
  id: Generated<number>;
  project_id: number;
  scheme_id: number;
  energy_type: number;
  rate_id: number;
  basic_rate_id: number | null;
  pf_rate_id: number | null;
}

export interface CostSchemeObjectTable {
  id: Generated<number>;
  project_id: number;
  scheme_id: number;
  node_id: number;
  model_label: string;
  basic_quantity: number | null;
}

export interface CostResultTable {
  id: Generated<number>;
  project_id: number;
  scheme_id: number;
  month: string;
  node_id: number;
  energy_charge: number;
  basic_charge: number;
  pf_adjustment: number;
  other_fees: number;
  apportioned_in: number;
  apportioned_out: number;
  total: number;
  tce: number | null;
  /** JSON {energies, otherFees} (the contract's objectCost parts). */
  detail: string;
}

export interface CostCalculationTable {
  scheme_id: number;
  month: string;
  project_id: number;
  task_id: number | null;
  calculated_at: number;
}

export interface CostBudgetTable {
  project_id: number;
  node_id: number;
  model_label: string;
  year: number;
  month: number;
  amount: number;
}

// ------------------------------------------------------------------ PostgreSQL only

/**
 * Several servers on one PostgreSQL database (migration 0008, ADR 0016): tables and columns
 * that PostgreSQL alone has; SQLite (one process) has none of them. The cluster's repositories
 * (cluster/repo/) query them with SQL of PostgreSQL's; no query names them through `Database`.
 * tests/support/schema-check.ts checks them on PostgreSQL and their absence on SQLite.
 */
export interface PostgresTables {
  cluster_members: ClusterMemberTable;
  cluster_leases: ClusterLeaseTable;
  cluster_job_locks: ClusterJobLockTable;
  cluster_breakers: ClusterBreakerTable;
}

/** Columns PostgreSQL adds to tables of `Database`, filled by the database itself. */
export interface PostgresColumns {
  /** The project of the reading's point (the partitions' key; set by a trigger when left out). */
  readings: { project_id: number };
  reading_rollups: { project_id: number };
  /** The server that runs the task (the connection's `eem.server_id`), for the janitor. */
  tasks: { server_id: string | null };
}

/** A server on the database; alive while `seen_at` is within a lease. */
export interface ClusterMemberTable {
  server_id: string;
  host: string;
  pid: number;
  started_at: Generated<Date>;
  seen_at: Generated<Date>;
}

/** A lease (`leader`): its holder, the epoch that grows at each take-over, its expiry (database time). */
export interface ClusterLeaseTable {
  name: string;
  holder: string;
  epoch: number;
  expires_at: Date;
}

/** A background job's key, held by one server at a time. */
export interface ClusterJobLockTable {
  key: string;
  server_id: string;
  taken_at: Generated<Date>;
}

/** A breaker state set by remote control, for servers that start or missed the announcement. */
export interface ClusterBreakerTable {
  node_id: number;
  closed: boolean;
  changed_at: Generated<Date>;
}
