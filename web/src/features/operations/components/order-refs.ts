/** The endpoints of each type of work order (the same twelve calls, ADR 0018). */
import type { WorkOrderType } from '@eem/core';
import { endpointKey } from '@eem/sdk';

export const ORDER_REFS = {
  repair: {
    query: endpointKey('workorders', 'repairQuery'),
    count: endpointKey('workorders', 'repairCount'),
    detail: endpointKey('workorders', 'repairDetail'),
    create: endpointKey('workorders', 'repairCreate'),
    assign: endpointKey('workorders', 'repairAssign'),
    take: endpointKey('workorders', 'repairTake'),
    stash: endpointKey('workorders', 'repairStash'),
    submit: endpointKey('workorders', 'repairSubmit'),
    submitBatch: endpointKey('workorders', 'repairSubmitBatch'),
    review: endpointKey('workorders', 'repairReview'),
    discard: endpointKey('workorders', 'repairDiscard'),
    export: endpointKey('workorders', 'repairExport'),
  },
  maintenance: {
    query: endpointKey('workorders', 'maintenanceQuery'),
    count: endpointKey('workorders', 'maintenanceCount'),
    detail: endpointKey('workorders', 'maintenanceDetail'),
    create: endpointKey('workorders', 'maintenanceCreate'),
    assign: endpointKey('workorders', 'maintenanceAssign'),
    take: endpointKey('workorders', 'maintenanceTake'),
    stash: endpointKey('workorders', 'maintenanceStash'),
    submit: endpointKey('workorders', 'maintenanceSubmit'),
    submitBatch: endpointKey('workorders', 'maintenanceSubmitBatch'),
    review: endpointKey('workorders', 'maintenanceReview'),
    discard: endpointKey('workorders', 'maintenanceDiscard'),
    export: endpointKey('workorders', 'maintenanceExport'),
  },
} as const satisfies Record<WorkOrderType, unknown>;

export type OrderRefs = (typeof ORDER_REFS)[WorkOrderType];
