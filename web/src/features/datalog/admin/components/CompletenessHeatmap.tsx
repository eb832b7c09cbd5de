/**
 * The meter × day heatmap of completeness (datalog.completeness): one row per meter with its
 * average in the last column, the days' averages in the last row and the overall average in
 * the corner. Cells are coloured by completenessLevel; a cell with a value is a button that
 * asks for that meter's missing intervals on that day.
 */
import { Typography } from '@douyinfe/semi-ui-19';
import type { Completeness } from '@eem/contract';
import { formatDate } from '../../../../app/format';
import { useTexts } from '../../../../i18n/texts';
import { adminTexts } from '../texts';
import {
  COMPLETENESS_LEVELS,
  completenessLevel,
  formatCompleteness,
  LEVEL_BACKGROUND,
} from './completeness-scale';
import './completeness.css';

export interface HeatmapCell {
  nodeId: number;
  nodeName: string;
  /** Index into `days`. */
  day: number;
}

export interface CompletenessHeatmapProps {
  data: Completeness;
  onCell: (cell: HeatmapCell) => void;
}

function Value({ value, strong }: { value: number | null; strong?: boolean }) {
  return (
    <span
      className="eem-heat-value"
      data-level={completenessLevel(value)}
      style={{ background: LEVEL_BACKGROUND[completenessLevel(value)], fontWeight: strong ? 600 : undefined }}
    >
      {formatCompleteness(value)}
    </span>
  );
}

export function CompletenessHeatmap({ data, onCell }: CompletenessHeatmapProps) {
  const t = useTexts(adminTexts);
  const dayText = (day: number) => formatDate(day, 'MM-DD', data.timeZone);
  return (
    <div>
      <div className="eem-heatmap-scroll">
        <table className="eem-heatmap" aria-label={t('completenessTitle')}>
          <thead>
            <tr>
              <th className="eem-heat-name">{t('meter')}</th>
              {data.days.map((day) => (
                <th key={day} title={formatDate(day, 'YYYY-MM-DD', data.timeZone)}>
                  {dayText(day)}
                </th>
              ))}
              <th className="eem-heat-average">{t('average')}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.nodeId} data-node={row.nodeId}>
                <th className="eem-heat-name" scope="row" title={row.path || row.nodeName}>
                  {row.nodeName}
                </th>
                {data.days.map((day, i) => {
                  const value = row.values[i] ?? null;
                  const level = completenessLevel(value);
                  const label = t('cellTitle', {
                    meter: row.nodeName,
                    day: formatDate(day, 'YYYY-MM-DD', data.timeZone),
                    value: formatCompleteness(value),
                  });
                  return (
                    <td key={day}>
                      {value === null ? (
                        <Value value={null} />
                      ) : (
                        <button
                          type="button"
                          className="eem-heat-value eem-heat-cell"
                          data-level={level}
                          style={{ background: LEVEL_BACKGROUND[level] }}
                          title={label}
                          aria-label={label}
                          onClick={() => onCell({ nodeId: row.nodeId, nodeName: row.nodeName, day: i })}
                        >
                          {formatCompleteness(value)}
                        </button>
                      )}
                    </td>
                  );
                })}
                <td className="eem-heat-average">
                  <Value value={row.average} strong />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th className="eem-heat-name" scope="row">
                {t('dayAverage')}
              </th>
              {data.days.map((day, i) => (
                <td key={day}>
                  <Value value={data.dayAverages[i] ?? null} strong />
                </td>
              ))}
              <td className="eem-heat-average" aria-label={t('overall')} title={t('overall')}>
                <Value value={data.average} strong />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="eem-heat-legend">
        <Typography.Text type="tertiary" size="small">
          {t('legend')}
        </Typography.Text>
        {COMPLETENESS_LEVELS.map((level) => (
          <span key={level} className="eem-heat-legend-item">
            <span className="eem-heat-swatch" style={{ background: LEVEL_BACKGROUND[level] }} />
            <Typography.Text size="small">{t(`level.${level}`)}</Typography.Text>
          </span>
        ))}
      </div>
    </div>
  );
}
