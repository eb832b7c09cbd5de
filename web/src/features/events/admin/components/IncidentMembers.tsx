/** The member events of an incident (events.incidentDetail), in time order. */
import type { EventItem } from '@eem/contract';
import { useQuery } from '@tanstack/react-query';
import { useQueries } from '../../../../app/client';
import { DataTable } from '../../../../blocks/DataTable';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';
import { usePlainEventColumns } from './event-columns';

export function IncidentMembers({ incidentId }: { incidentId: number }) {
  const t = useTexts(eventAdminTexts);
  const columns = usePlainEventColumns();
  const queries = useQueries();
  const members = useQuery(queries.events.incidentDetail({ body: { id: incidentId } }));
  return (
    <div data-testid={`incident-members-${incidentId}`}>
      <DataTable<EventItem>
        aria-label={t('memberEvents')}
        columns={columns}
        rows={members.data ?? []}
        rowKey={(e) => e.id}
        loading={members.isPending}
      />
    </div>
  );
}
