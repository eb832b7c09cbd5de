/** PLACEHOLDER until the events area is written (replaced in this change). */
import type { catalogue } from '@eem/contract';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';

const later = async (): Promise<never> => {
  throw ApiError.notFound('not written yet');
};
export const eventsHandlers: AreaHandlers<typeof catalogue.events> = {
  eventLog: later,
  eventLogNoCount: later,
  event: later,
  countByLevel: later,
  countByType: later,
  countByStatus: later,
  countByNode: later,
  countByDay: later,
  confirm: later,
  confirmMatching: later,
  exportEventLog: later,
  exportEventDetailLog: later,
  relationEvent: later,
  typeSettings: later,
  saveTypeSettings: later,
  energyEvents: later,
  efficiencyEvents: later,
  lossEvents: later,
  exportLossEvents: later,
  incidents: later,
  incidentDetail: later,
  convergenceCount: later,
  schemes: later,
  createScheme: later,
  updateScheme: later,
  deleteScheme: later,
};
