/** The point count after a metered node's name in the meter tree. */
import { Tag } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import type { TreeNodeLike } from '../../../../blocks/node-tree-model';
import { pointCountOf } from './meter-tree';

/** For NodeTreePicker's renderExtra: a small tag with the node's points, nothing for others. */
export function renderPointCount(node: TreeNodeLike): ReactNode {
  const count = pointCountOf(node);
  return count > 0 ? (
    <Tag size="small" color="grey">
      {count}
    </Tag>
  ) : null;
}
