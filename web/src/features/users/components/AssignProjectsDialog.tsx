/**
 * Assigns projects (and tenants) to a user as node permissions (users.assignModelNodes). The
 * user's grants of nodes inside project trees are not shown here and are kept when saving.
 */
import { Modal, Spin, Toast } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMutations, useQueries } from '../../../app/client';
import { type NodeRef, NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { errorMessage } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import { userTexts } from '../texts';
import { nodesIn, replaceIn } from './permission-kinds';

export function AssignProjectsDialog({
  user,
  tenantId,
  onClose,
}: {
  user: { id: number; name: string };
  tenantId: number;
  onClose: () => void;
}) {
  const t = useTexts(userTexts);
  const queries = useQueries();
  const mutations = useMutations();
  const assign = useMutation(
    mutations.users.assignModelNodes({
      invalidates: [endpointKey('users', 'modelNodes'), endpointKey('users', 'projectUsers')],
    }),
  );
  const tree = useQuery(
    queries.projects.cloudProjects({ query: { tenantId }, body: { treeReturnEnable: true } }),
  );
  const granted = useQuery(queries.users.modelNodes({ body: { userId: user.id } }));
  const [value, setValue] = useState<NodeRef[] | null>(null);

  useEffect(() => {
    if (granted.data && value === null) setValue(granted.data.nodes);
  }, [granted.data, value]);

  const save = async () => {
    try {
      await assign.mutateAsync({
        body: { userId: user.id, nodes: (value ?? []).map((n) => ({ id: n.id, modelLabel: n.modelLabel })) },
      });
      Toast.success(t('saved'));
      onClose();
    } catch (error) {
      Toast.error(errorMessage(error, t('assignProjects')));
    }
  };

  return (
    <Modal
      visible
      title={t('assignProjectsOf', { name: user.name })}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={assign.isPending}
      onOk={() => void save()}
      onCancel={onClose}
      maskClosable={false}
    >
      {value === null ? (
        <Spin />
      ) : (
        <NodeTreePicker
          aria-label={t('assignProjects')}
          mode="multi"
          max={Number.POSITIVE_INFINITY}
          tree={tree.data ?? []}
          loading={tree.isPending}
          value={nodesIn(tree.data ?? [], value)}
          onChange={(next) => setValue(replaceIn(tree.data ?? [], value, next))}
          height={360}
        />
      )}
    </Modal>
  );
}
