/**
 * The layout of the reading screens: the trees (and pickers) on the left, the query bar in a
 * card on top of the right, the result below it.
 */
import { Card, Col, Row, Space } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';

export function DatalogWorkspace({
  side,
  bar,
  children,
}: {
  side: ReactNode;
  bar: ReactNode;
  children: ReactNode;
}) {
  return (
    <Row gutter={16}>
      <Col span={6}>
        <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
          {side}
        </Space>
      </Col>
      <Col span={18}>
        <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
          <Card style={{ width: '100%' }} bodyStyle={{ padding: 12 }}>
            {bar}
          </Card>
          <div style={{ width: '100%' }}>{children}</div>
        </Space>
      </Col>
    </Row>
  );
}
