/**
 * /servicePlan: maintenance plans (devices, items, cycle on the project's calendar, first
 * execution, team, planned hours, reminder lead) as a ledger, with enable and disable through
 * their own calls. An enabled plan's orders appear on /serviceOrder when due.
 */
import { Button, Tag, Toast } from '@douyinfe/semi-ui-19';
import type { MaintenancePlan } from '@eem/contract';
import { PLAN_CYCLE_LABELS, TASK_LEVEL_LABELS, WORK_ORDER_TIMING_OPTIONS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { useFormat } from '../../app/format';
import { errorMessage } from '../../app/query-client';
import { useSession } from '../../app/session';
import { useEndpointMutation, useEndpointQuery } from '../../blocks/data';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { DateTimeField, HoursField, labelOptions } from './components/fields';
import { useDeviceOptions, useItemOptions } from './components/options';
import { opsTexts } from './texts';

export function ServicePlanPage() {
  const t = useTexts(opsTexts);
  const fmt = useFormat();
  const { permissions } = useSession();
  const devices = useDeviceOptions();
  const items = useItemOptions();
  const teams = useEndpointQuery(endpointKey('workorders', 'teams'), {});
  const changes = { invalidates: [endpointKey('maintenance', 'plans')] };
  const enable = useEndpointMutation(endpointKey('maintenance', 'enablePlans'), changes);
  const disable = useEndpointMutation(endpointKey('maintenance', 'disablePlans'), changes);
  const canWrite = permissions.has('maintenance_update');

  const description = useMemo(() => {
    const teamOptions = (teams.data?.teams ?? []).map((x) => ({ value: x.id, label: x.name }));
    return defineLedger({
      title: t('servicePlans'),
      rowKey: (p: MaintenancePlan) => p.id,
      rowName: (p) => p.name,
      list: {
        endpoint: endpointKey('maintenance', 'plans'),
        input: (f: { keyword: string }, page) => ({ body: { keyword: f.keyword, page } }),
      },
      filters: { fields: [{ field: 'keyword', label: t('keyword'), type: 'text' }] },
      fields: {
        name: { label: t('name') },
        deviceIds: { label: t('devices'), options: devices, fromRow: (p) => p.devices.map((d) => d.id) },
        itemIds: { label: t('items'), options: items, fromRow: (p) => p.items.map((i) => i.id) },
        cycle: {
          label: t('cycle'),
          optionLabel: (c) => fmt.label(PLAN_CYCLE_LABELS[c as keyof typeof PLAN_CYCLE_LABELS]),
        },
        cycleHours: { label: t('cycleHours') },
        firstTime: {
          label: t('firstTime'),
          empty: null,
          render: (a) => <DateTimeField {...a} />,
          help: fmt.timeZone,
        },
        teamId: { label: t('team'), options: teamOptions, placeholder: t('noTeam') },
        timeconsumeplan: {
          label: t('plannedHours'),
          empty: 8 * 3_600_000,
          render: (a) => <HoursField {...a} />,
        },
        remindBefore: {
          label: t('remindBefore'),
          empty: WORK_ORDER_TIMING_OPTIONS[2]?.ms ?? 3_600_000,
          options: WORK_ORDER_TIMING_OPTIONS.map((o) => ({ value: o.ms, label: fmt.label(o.label) })),
        },
        tasklevel: { label: t('level'), options: labelOptions(TASK_LEVEL_LABELS, (pair) => fmt.label(pair)) },
        enabled: { label: t('enabled') },
      },
      columns: [
        { key: 'name', width: 180 },
        { key: 'cycle', width: 110 },
        {
          key: 'deviceIds',
          label: t('devices'),
          width: 200,
          render: (p) => p.devices.map((d) => d.name).join(', ') || '--',
        },
        {
          key: 'itemIds',
          label: t('items'),
          width: 200,
          render: (p) => p.items.map((i) => i.name).join(', ') || '--',
        },
        { key: 'teamId', label: t('team'), width: 110, render: (p) => p.teamName || '--' },
        {
          key: 'nextTime',
          label: t('nextTime'),
          width: 150,
          render: (p) => (p.nextTime === null ? '--' : fmt.time(p.nextTime, 'YYYY-MM-DD HH:mm')),
        },
        {
          key: 'enabled',
          width: 80,
          render: (p) => (
            <Tag color={p.enabled ? 'green' : 'grey'}>{t(p.enabled ? 'enabled' : 'disabled')}</Tag>
          ),
        },
        { key: 'orderCount', label: t('orderCount'), width: 90, align: 'right' },
      ],
      create: { endpoint: endpointKey('maintenance', 'createPlan') },
      update: { endpoint: endpointKey('maintenance', 'updatePlan') },
      remove: { endpoint: endpointKey('maintenance', 'deletePlan'), input: (p) => ({ query: { id: p.id } }) },
      writePermission: 'maintenance_update',
      invalidates: [
        endpointKey('workorders', 'maintenanceQuery'),
        endpointKey('workorders', 'maintenanceCount'),
      ],
      dialogWidth: 640,
      actionsWidth: 200,
      ...(canWrite
        ? {
            rowActions: (p: MaintenancePlan) => (
              <Button
                size="small"
                theme="borderless"
                loading={enable.isPending || disable.isPending}
                onClick={() =>
                  (p.enabled ? disable : enable)
                    .mutateAsync({ body: { ids: [p.id] } })
                    .catch((error: unknown) => Toast.error(errorMessage(error)))
                }
              >
                {t(p.enabled ? 'disable' : 'enable')}
              </Button>
            ),
          }
        : {}),
    });
  }, [t, fmt, devices, items, teams.data, canWrite, enable, disable]);
  return <LedgerScreen description={description} />;
}
