/**
 * The choices the operations forms offer, read once per screen through the query layer: the
 * project's devices, spare parts (with their stock), maintenance items and device templates.
 * A select holds at most a page of PAGE_LIMIT_MAX rows.
 */
import { PAGE_LIMIT_MAX } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useEndpointQuery } from '../../../blocks/data';
import type { SelectOption } from '../../../blocks/FormFields';

const ALL = { index: 0, limit: PAGE_LIMIT_MAX };

export function useDeviceOptions(): SelectOption[] {
  const devices = useEndpointQuery(endpointKey('devices', 'devices'), { body: { keyword: '', page: ALL } });
  return (devices.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.code})` }));
}

export function useParts() {
  const parts = useEndpointQuery(endpointKey('devices', 'spareParts'), {
    body: { keyword: '', belowSafetyOnly: false, page: ALL },
  });
  return parts.data?.list ?? [];
}

export function useItemOptions(): SelectOption[] {
  const items = useEndpointQuery(endpointKey('maintenance', 'items'), {
    body: { keyword: '', deviceType: '', page: ALL },
  });
  return (items.data?.list ?? []).map((i) => ({ value: i.id, label: i.name }));
}

export function useTemplateOptions(): SelectOption[] {
  const templates = useEndpointQuery(endpointKey('devices', 'templates'), { body: { keyword: '' } });
  return (templates.data ?? []).map((x) => ({ value: x.id, label: x.name }));
}
