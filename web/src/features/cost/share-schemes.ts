/**
 * The apportionment schemes an accounting scheme may use, as select options: the project's
 * apportionment ('share') and, for a user who may read them (energyshareconfig_browser), its
 * public-area ('public') schemes, read from the share area (share.schemes, the lists of
 * /shareSchemeConfig and /publicSchemeConfig). A scheme an accounting scheme already uses but
 * the user cannot list (or that is past the page) is kept as an option, so a row always shows
 * its own by name, never by id.
 */
import { PAGE_LIMIT_MAX } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { useSession } from '../../app/session';
import { useEndpointQuery } from '../../blocks/data';
import type { SelectOption } from '../../blocks/FormFields';
import { useTexts } from '../../i18n/texts';
import { costTexts } from './texts';

interface Named {
  readonly id: number;
  readonly name: string;
}

/** Share schemes first, then public ones (labelled as such), then those only in use; once each. */
export function shareSchemeOptions(
  share: readonly Named[],
  pub: readonly Named[],
  used: readonly (Named | null)[],
  publicLabel: (name: string) => string,
): SelectOption[] {
  const options = new Map<number, string>();
  for (const s of share) options.set(s.id, s.name);
  for (const s of pub) if (!options.has(s.id)) options.set(s.id, publicLabel(s.name));
  for (const s of used) if (s && !options.has(s.id)) options.set(s.id, s.name);
  return [...options].map(([value, label]) => ({ value, label }));
}

export function useShareSchemeOptions(): readonly SelectOption[] {
  const t = useTexts(costTexts);
  const mayReadPublic = useSession().permissions.has('energyshareconfig_browser');
  const listed = { keyword: '', page: { index: 0, limit: PAGE_LIMIT_MAX } };
  const share = useEndpointQuery(endpointKey('share', 'schemes'), { body: { type: 'share', ...listed } });
  const pub = useEndpointQuery(
    endpointKey('share', 'schemes'),
    mayReadPublic ? { body: { type: 'public', ...listed } } : null,
  );
  const used = useEndpointQuery(endpointKey('cost', 'schemes'), { body: listed });
  return useMemo(
    () =>
      shareSchemeOptions(
        share.data?.list ?? [],
        pub.data?.list ?? [],
        (used.data?.list ?? []).map((s) => s.shareScheme),
        (name) => t('publicSchemeLabel', { name }),
      ),
    [share.data, pub.data, used.data, t],
  );
}
