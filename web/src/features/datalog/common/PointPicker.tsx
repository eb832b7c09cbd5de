/**
 * PointPicker: the measurement points of the chosen nodes as checkboxes (name and unit),
 * grouped by node. A tick past `max` (the server's maxNodes) is refused with a toast.
 */
import { Checkbox, Empty, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { DatalogPoint } from '@eem/contract';
import { useTexts } from '../../../i18n/texts';
import { pointCaption } from './series-table';
import { datalogTexts } from './texts';

export interface PointPickerProps {
  points: readonly DatalogPoint[];
  value: readonly number[];
  onChange: (pointIds: number[]) => void;
  max: number;
  loading?: boolean;
  /** Shown when no node is chosen. */
  noNodes: boolean;
}

export function PointPicker({ points, value, onChange, max, loading, noNodes }: PointPickerProps) {
  const t = useTexts(datalogTexts);
  if (noNodes) return <Empty description={t('chooseNodes')} />;
  if (loading) return <Spin />;
  if (points.length === 0) return <Empty description={t('noPoints')} />;
  const chosen = new Set(value);
  const groups = new Map<number, DatalogPoint[]>();
  for (const p of points) groups.set(p.nodeId, [...(groups.get(p.nodeId) ?? []), p]);

  const toggle = (id: number, on: boolean) => {
    if (!on) {
      onChange(value.filter((v) => v !== id));
      return;
    }
    if (value.length >= max) {
      Toast.warning(t('maxPoints', { max }));
      return;
    }
    onChange([...value, id]);
  };

  return (
    <div data-testid="point-picker" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {[...groups.values()].map((group) => (
        <div key={group[0]?.nodeId}>
          <Typography.Text strong>{group[0]?.nodeName}</Typography.Text>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4, paddingLeft: 8, marginTop: 4 }}>
            {group.map((p) => (
              <Checkbox
                key={p.id}
                checked={chosen.has(p.id)}
                onChange={(e) => toggle(p.id, Boolean(e.target.checked))}
                aria-label={`${p.nodeName} ${pointCaption(p)}`}
              >
                {pointCaption(p)}
              </Checkbox>
            ))}
          </div>
        </div>
      ))}
      <Typography.Text type="tertiary" size="small">
        {t('pointCount', { count: value.length, max })}
      </Typography.Text>
    </div>
  );
}
