/**
 * /videoAndDocPermission: pick a user on the left; on the right the cameras and knowledge
 * folders of the projects you share, with the user's grants ticked; save.
 */

import { Button, Card, Col, Empty, Input, List, Row, Spin, Toast, Typography } from '@douyinfe/semi-ui-19';
import type { UserRow } from '@eem/contract';
import { PAGE_LIMIT_MAX } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMutations, useQueries } from '../../app/client';
import { useSession } from '../../app/session';
import { errorMessage } from '../../blocks/save-file';
import { useTexts } from '../../i18n/texts';
import { GrantsEditor, type GrantValue } from './components/GrantsEditor';
import { userTexts } from './texts';

export function VideoAndDocPermissionPage() {
  const t = useTexts(userTexts);
  const queries = useQueries();
  const saveGrants = useMutation(
    useMutations().users.saveGrants({ invalidates: [endpointKey('users', 'videoKnowledgeGrants')] }),
  );
  const session = useSession();
  const canWrite = session.permissions.has('user_update');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<UserRow | null>(null);
  const [value, setValue] = useState<GrantValue | null>(null);
  const saving = saveGrants.isPending;

  const users = useQuery(queries.users.projectUsers({ body: { page: { index: 0, limit: PAGE_LIMIT_MAX } } }));
  const grants = useQuery({
    ...queries.users.videoKnowledgeGrants({ query: { userId: picked?.id ?? 0 } }),
    enabled: picked !== null,
  });

  useEffect(() => {
    if (grants.data) {
      setValue({
        cameras: grants.data.cameras.filter((c) => c.granted).map((c) => c.id),
        folders: grants.data.folders.filter((f) => f.granted).map((f) => f.id),
      });
    }
  }, [grants.data]);

  const needle = search.trim().toLowerCase();
  const shown = (users.data?.list ?? []).filter(
    (u) => !needle || u.name.toLowerCase().includes(needle) || u.nicName.toLowerCase().includes(needle),
  );

  const save = async () => {
    if (!picked || !value) return;
    try {
      await saveGrants.mutateAsync({
        body: { userId: picked.id, cameras: value.cameras, folders: value.folders },
      });
      Toast.success(t('saved'));
    } catch (error) {
      Toast.error(errorMessage(error, t('save')));
    }
  };

  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('videoAndDoc')}</Typography.Title>
      <Row gutter={16}>
        <Col span={7}>
          <Card title={t('pickUser')} bodyStyle={{ padding: 12 }}>
            <Input
              placeholder={t('searchUser')}
              aria-label={t('searchUser')}
              value={search}
              onChange={setSearch}
              showClear
            />
            <List
              loading={users.isPending}
              emptyContent={<Empty description={t('noData')} />}
              dataSource={shown}
              style={{ maxHeight: 520, overflow: 'auto', marginTop: 8 }}
              renderItem={(u) => (
                <List.Item
                  onClick={() => {
                    setPicked(u);
                    setValue(null);
                  }}
                  style={{
                    cursor: 'pointer',
                    padding: '8px 12px',
                    background: picked?.id === u.id ? 'var(--semi-color-primary-light-default)' : undefined,
                  }}
                  main={
                    <div>
                      <Typography.Text strong>{u.nicName || u.name}</Typography.Text>{' '}
                      <Typography.Text type="tertiary" size="small">
                        {u.name}
                      </Typography.Text>
                    </div>
                  }
                />
              )}
            />
          </Card>
        </Col>
        <Col span={17}>
          <Card
            title={picked ? `${picked.nicName || picked.name} (${picked.name})` : t('videoDocs')}
            headerExtraContent={
              canWrite && (
                <Button
                  theme="solid"
                  type="primary"
                  disabled={!picked || !value}
                  loading={saving}
                  onClick={() => void save()}
                >
                  {t('save')}
                </Button>
              )
            }
            bodyStyle={{ padding: 12 }}
          >
            {!picked ? (
              <Empty description={t('pickUser')} />
            ) : grants.isPending || !value ? (
              <Spin />
            ) : (
              <GrantsEditor grants={grants.data} value={value} onChange={setValue} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
