/**
 * RecalcBanner: after readings were saved, the range they touched and a link to
 * /dataRecalculation with the point and range in the query (?pointIds=..&startTime=..&endTime=..).
 */
import { Banner } from '@douyinfe/semi-ui-19';
import { Link } from 'react-router-dom';
import { DATE_PATTERNS, formatDate } from '../../../../app/format';
import { useTexts } from '../../../../i18n/texts';
import { entryTexts } from '../texts';

export interface ChangedRange {
  pointId: number;
  startTime: number;
  endTime: number;
}

/** The recalculation screen's address for a changed range. */
export function recalculationHref(range: ChangedRange): string {
  const query = new URLSearchParams({
    pointIds: String(range.pointId),
    startTime: String(range.startTime),
    endTime: String(range.endTime),
  });
  return `/dataRecalculation?${query.toString()}`;
}

/** Two changed ranges of the same point as one. */
export function mergeRanges(a: ChangedRange | null, b: ChangedRange): ChangedRange {
  if (!a || a.pointId !== b.pointId) return b;
  return {
    pointId: b.pointId,
    startTime: Math.min(a.startTime, b.startTime),
    endTime: Math.max(a.endTime, b.endTime),
  };
}

export interface RecalcBannerProps {
  range: ChangedRange;
  /** The project's time zone (times as the table shows them). */
  timeZone: string;
  onClose: () => void;
}

export function RecalcBanner({ range, timeZone, onClose }: RecalcBannerProps) {
  const t = useTexts(entryTexts);
  return (
    <Banner
      type="success"
      data-testid="recalc-banner"
      onClose={onClose}
      description={
        <span>
          {t('recalcBanner', {
            start: formatDate(range.startTime, DATE_PATTERNS.dateTime, timeZone),
            end: formatDate(range.endTime, DATE_PATTERNS.dateTime, timeZone),
          })}{' '}
          <Link to={recalculationHref(range)}>{t('recalcLink')}</Link>
        </span>
      }
    />
  );
}
