/** A number with its label, for the home page's counters. */
import { Card, Typography } from '@douyinfe/semi-ui-19';

export function KpiCard({ label, value, tone }: { label: string; value: number | string; tone?: string }) {
  return (
    <Card bodyStyle={{ padding: 16 }} aria-label={label}>
      <Typography.Text type="tertiary">{label}</Typography.Text>
      <div style={{ fontSize: 28, fontWeight: 600, marginTop: 4, color: tone }}>{value}</div>
    </Card>
  );
}
