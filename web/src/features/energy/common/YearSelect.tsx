/**
 * The accounting year of a grid: the current year in the project's zone (once known) and the
 * nine before and one after.
 */

import { useEffect } from 'react';
import { formatDate, useTimeZone } from '../../../app/format';
import { Select } from '../../../blocks/named-pickers';
import { useTexts } from '../../../i18n/texts';
import { energyTexts } from './texts';

export function YearSelect({ value, onChange }: { value: number | null; onChange: (year: number) => void }) {
  const t = useTexts(energyTexts);
  const zone = useTimeZone();
  const current = Number(formatDate(Date.now(), 'YYYY', zone.timeZone));
  useEffect(() => {
    if (value === null && zone.ready) onChange(current);
  }, [value, zone.ready, current, onChange]);
  return (
    <Select
      className="eem-select-year"
      aria-label={t('year')}
      style={{ width: 110 }}
      value={value ?? undefined}
      optionList={Array.from({ length: 11 }, (_, i) => current + 1 - i).map((y) => ({
        value: y,
        label: String(y),
      }))}
      onChange={(v) => onChange(Number(v))}
    />
  );
}
