/**
 * The apportionment (share) schemes an accounting scheme may use, as select options. The list
 * of them is the loss area's (share.schemes, /shareSchemeConfig), not yet in this branch's
 * catalogue: until it is, the options are the schemes the accounting schemes already use (so
 * a scheme keeps and shows its own by name, never by id).
 */
import { PAGE_LIMIT_MAX } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { useEndpointQuery } from '../../blocks/data';
import type { SelectOption } from '../../blocks/FormFields';

export function useShareSchemeOptions(): readonly SelectOption[] {
  const schemes = useEndpointQuery(endpointKey('cost', 'schemes'), {
    body: { keyword: '', page: { index: 0, limit: PAGE_LIMIT_MAX } },
  });
  return useMemo(() => {
    const used = new Map<number, string>();
    for (const s of schemes.data?.list ?? [])
      if (s.shareScheme) used.set(s.shareScheme.id, s.shareScheme.name);
    return [...used].map(([value, label]) => ({ value, label }));
  }, [schemes.data]);
}
