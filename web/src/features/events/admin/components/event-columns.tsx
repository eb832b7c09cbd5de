/**
 * The columns of a plain event table (incident members, the accident log): the EventList's
 * own column definitions (blocks/event-list/event-columns), so times and labels agree.
 */
import type { EventItem } from '@eem/contract';
import type { DataColumn } from '../../../../blocks/DataTable';
import { useEventColumns } from '../../../../blocks/event-list/event-columns';

export function usePlainEventColumns(): DataColumn<EventItem>[] {
  return useEventColumns().plain;
}
