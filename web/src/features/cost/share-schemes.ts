/**
 * The apportionment (share) schemes an accounting scheme may use, as select options. They are
 * the loss area's (/shareSchemeConfig, issue 17's lossback); until that area is in the
 * catalogue the list is empty and a scheme keeps the one it has.
 */
import type { SelectOption } from '../../blocks/FormFields';

export function useShareSchemeOptions(): readonly SelectOption[] {
  return NONE;
}

const NONE: readonly SelectOption[] = [];
