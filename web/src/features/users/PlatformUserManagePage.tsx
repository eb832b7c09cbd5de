/**
 * /platformusermanage: service providers (tenants) on the left, the selected tenant's users
 * on the right (masked phone and email), with tenant and user writes, project assignment and
 * the root password reset.
 */
import { Card, Col, Empty, Row, Typography } from '@douyinfe/semi-ui-19';
import type { Tenant } from '@eem/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useQueries } from '../../app/client';
import { useSession } from '../../app/session';
import { useTexts } from '../../i18n/texts';
import { TenantTree } from './components/TenantTree';
import { UserLedger } from './components/UserLedger';
import { userTexts } from './texts';

export function PlatformUserManagePage() {
  const t = useTexts(userTexts);
  const queries = useQueries();
  const { user } = useSession();
  const tenants = useQuery(queries.users.tenants());
  const [tenant, setTenant] = useState<Tenant | null>(null);

  // Start with the user's own tenant, else the first one.
  useEffect(() => {
    if (tenant || !tenants.data?.length) return;
    setTenant(tenants.data.find((x) => x.id === user?.tenantId) ?? tenants.data[0] ?? null);
  }, [tenant, tenants.data, user?.tenantId]);

  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('platformUsers')}</Typography.Title>
      <Row gutter={16}>
        <Col span={6}>
          <Card title={t('tenants')} bodyStyle={{ padding: 12 }}>
            <TenantTree selected={tenant?.id ?? null} onSelect={setTenant} />
          </Card>
        </Col>
        <Col span={18}>
          <Card title={tenant ? tenant.name : t('tenant')} bodyStyle={{ padding: 12 }}>
            {tenant ? (
              <UserLedger key={tenant.id} scope="platform" tenantId={tenant.id} />
            ) : (
              <Empty description={t('selectTenant')} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
