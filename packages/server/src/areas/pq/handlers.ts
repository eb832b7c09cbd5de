/** PLACEHOLDER until the pq area is written (replaced in this change). */
import type { catalogue } from '@eem/contract';
import { ApiError } from '../../http/api-error.js';
import type { AreaHandlers } from '../../http/handlers.js';

const later = async (): Promise<never> => {
  throw ApiError.notFound('not written yet');
};
export const pqHandlers: AreaHandlers<typeof catalogue.pq> = {
  events: later,
  wave: later,
  waveDownload: later,
};
