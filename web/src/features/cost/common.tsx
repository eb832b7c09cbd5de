/**
 * What the cost screens share: the project's node tree as the workspace's picker (with the
 * favourites star), the frame of a screen that is not a workspace, a version's status chip
 * (in effect, not in effect, expired), money columns and cells, and the change against a
 * compare period as a coloured text.
 */
import { Empty, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { PAGE_LIMIT_MAX } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import type { NodePicker } from '../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import type { NodeRef } from '../../blocks/node-tree-model';
import { useTexts } from '../../i18n/texts';
import { energyNodes, linkedSelection } from '../energy/common/energy-data';
import { changeRatio, money, signedPercent } from './cost-model';
import { costTexts } from './texts';

export { PageFrame as CostFrame } from '../../blocks/PageFrame';

/** The node a link carries (`?nodeId=&modelLabel=`), picked. */
export function linkedNode(params: URLSearchParams) {
  const { nodes } = linkedSelection(params);
  return nodes ? { nodes } : {};
}
export { useEnergyTree as useCostTree } from '../energy/common/energy-data';

/** The first accounting object of the project's first scheme that has one (a screen's default node). */
export function useFirstObject(): NodeRef | null | undefined {
  const schemes = useEndpointQuery(endpointKey('cost', 'schemes'), {
    body: { keyword: '', page: { index: 0, limit: PAGE_LIMIT_MAX } },
  });
  if (!schemes.data) return schemes.isError ? null : undefined;
  const node = schemes.data.list.flatMap((s) => s.objects)[0]?.node;
  return node ? { id: node.id, modelLabel: node.modelLabel, name: node.name } : null;
}

/**
 * What an analysis shows before a node is picked: the first accounting object is picked for
 * the user (once), else the reason.
 */
export function PickFirstObject({
  select,
  reason,
}: {
  select: (nodes: NodeRef[]) => void;
  reason: ReactNode;
}) {
  const first = useFirstObject();
  const done = useRef(false);
  useEffect(() => {
    if (first && !done.current) {
      done.current = true;
      select([first]);
    }
  }, [first, select]);
  return first === undefined ? <Spin /> : <Empty description={reason} />;
}

/** The node picker of the cost analyses: the project's tree, single or up to `max` nodes. */
export function costNodes(title: string, mode: 'single' | 'multi', max?: number, limitMessage?: string) {
  return energyNodes(title, mode, {
    ...(max === undefined ? {} : { max }),
    ...(limitMessage ? { limitMessage } : {}),
  }) satisfies NodePicker;
}

export type VersionStatus = 'inEffect' | 'notInEffect' | 'expired';

const STATUS_COLORS = { inEffect: 'green', notInEffect: 'blue', expired: 'grey' } as const;

/** A version's status as a coloured chip. */
export function StatusChip({ status, children }: { status: VersionStatus; children?: ReactNode }) {
  const t = useTexts(costTexts);
  return (
    <Tag color={STATUS_COLORS[status]} data-status={status} style={{ marginRight: 4, marginBottom: 2 }}>
      {children ? (
        <>
          {children} · {t(status)}
        </>
      ) : (
        t(status)
      )}
    </Tag>
  );
}

/** A money column of a row's field, right-aligned, the value also as data-amount for checks. */
export function moneyColumn<R>(
  key: string,
  title: ReactNode,
  value: (row: R) => number | null | undefined,
  width = 130,
): DataColumn<R> {
  return {
    key,
    title,
    width,
    align: 'right',
    render: (r) => <span data-amount={value(r) ?? ''}>{money(value(r))}</span>,
  };
}

/** A total as money, the value also as data-total for checks. */
export function MoneyTotal({ value }: { value: number | null | undefined }) {
  return <span data-total={value ?? ''}>{money(value)}</span>;
}

/** The change against a compare value ('+12.30%'), red up and green down (a cost). */
export function Change({ current, previous }: { current: number | null; previous: number | null }) {
  const ratio = changeRatio(current, previous);
  return (
    <Typography.Text type={ratio === null ? 'tertiary' : ratio > 0 ? 'danger' : 'success'}>
      {signedPercent(ratio)}
    </Typography.Text>
  );
}
