/**
 * /equipmanage: the device ledger (name, code, model, manufacturer, dates, status, last and next
 * maintenance, location) with template-driven technical parameters, a QR code per device and
 * the xlsx import (the node import's task, problems list and error workbook). The location tree
 * beside it narrows the ledger to the devices at a node and below it (the project: all).
 */
import { Button } from '@douyinfe/semi-ui-19';
import type { Device } from '@eem/contract';
import { DEVICE_LIMITS, DEVICE_STATUS_LABELS, TASK_OPERATION_TYPE } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useMutations } from '../../app/client';
import { useFormat } from '../../app/format';
import { useSession } from '../../app/session';
import { useEndpointDownload, useEndpointQuery } from '../../blocks/data';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { NodeTreePicker } from '../../blocks/NodeTreePicker';
import type { NodeRef } from '../../blocks/node-tree-model';
import { useTexts } from '../../i18n/texts';
import { ImportProblems } from '../nodes/components/ImportProblems';
import { labelOptions } from './components/fields';
import { NodeField, useProjectNodes } from './components/NodeField';
import { ParametersField } from './components/ParametersField';
import { opsTexts } from './texts';

type Filters = { keyword: string; templateId: number | null; status: number | null };

export function EquipManagePage() {
  const t = useTexts(opsTexts);
  const fmt = useFormat();
  const { permissions } = useSession();
  const templates = useEndpointQuery(endpointKey('devices', 'templates'), { body: { keyword: '' } });
  const qr = useEndpointDownload(endpointKey('devices', 'qrCode'));
  const upload = useMutation(
    useMutations().devices.importDevices({ invalidates: [endpointKey('devices', 'devices')] }),
  );
  const canQr = permissions.has('devicemanage_browser');
  const canEdit = permissions.has('device_update');
  const tree = useProjectNodes();
  const [location, setLocation] = useState<NodeRef | null>(null);
  const nodeId = location && location.modelLabel !== 'project' ? location.id : null;

  const description = useMemo(() => {
    const list = templates.data ?? [];
    const templateOptions = list.map((x) => ({ value: x.id, label: x.name }));
    const statusOptions = labelOptions(DEVICE_STATUS_LABELS, (pair) => fmt.label(pair));
    const day = (v: number | null) => (v === null ? '--' : fmt.time(v, 'YYYY-MM-DD'));
    return defineLedger({
      title: t('devices'),
      rowKey: (d: Device) => d.id,
      rowName: (d) => d.name,
      list: {
        endpoint: endpointKey('devices', 'devices'),
        input: (f: Filters, page) => ({
          body: {
            keyword: f.keyword,
            ...(f.templateId !== null ? { templateId: f.templateId } : {}),
            ...(f.status !== null ? { status: f.status } : {}),
            ...(nodeId !== null ? { nodeId } : {}),
            page,
          },
        }),
      },
      filters: {
        fields: [
          { field: 'keyword', label: t('keyword'), type: 'text' },
          { field: 'templateId', label: t('template'), type: 'select', options: templateOptions },
          { field: 'status', label: t('status'), type: 'select', options: statusOptions },
        ],
      },
      fields: {
        name: { label: t('name') },
        code: { label: t('deviceCode') },
        model: { label: t('model') },
        manufacturer: { label: t('manufacturer') },
        templateId: { label: t('template'), options: templateOptions },
        nodeId: { label: t('location'), render: (a) => <NodeField {...a} label={t('location')} /> },
        factoryDate: { label: t('factoryDate'), type: 'date' },
        operationDate: { label: t('operationDate'), type: 'date' },
        status: { label: t('status'), options: statusOptions },
        lastMaintenance: { label: t('lastMaintenance'), type: 'date' },
        nextMaintenance: { label: t('nextMaintenance'), type: 'date' },
        parameters: {
          label: t('parameters'),
          empty: {},
          render: (a) => <ParametersField {...a} templates={list} />,
        },
      },
      columns: [
        { key: 'name', width: 150 },
        { key: 'code', width: 90 },
        { key: 'model', width: 100 },
        { key: 'templateId', label: t('template'), width: 110, render: (d) => d.templateName || '--' },
        { key: 'location', label: t('location'), width: 190, render: (d) => d.location || '--' },
        { key: 'status', width: 90 },
        { key: 'operationDate', width: 120, render: (d) => day(d.operationDate) },
        { key: 'nextMaintenance', width: 130, render: (d) => day(d.nextMaintenance) },
        { key: 'openOrders', label: t('openOrders'), width: 80, align: 'right' },
      ],
      create: { endpoint: endpointKey('devices', 'createDevice') },
      update: { endpoint: endpointKey('devices', 'updateDevice') },
      remove: {
        endpoint: endpointKey('devices', 'deleteDevices'),
        input: (d) => ({ query: { ids: [d.id] } }),
      },
      writePermission: 'device_update',
      import: {
        title: t('importDevices'),
        template: (client) => client.devices.importTemplate.download({}),
        upload: async (_client, file) => {
          const task = await upload.mutateAsync({
            body: { dryRun: false },
            files: [{ name: file.name, data: file }],
          });
          return { operationType: TASK_OPERATION_TYPE.deviceImport, taskId: task.id };
        },
        report: (client, taskId) => client.nodes.importReport.download({ query: { taskId } }),
        failure: (progress) => (
          <ImportProblems
            taskId={progress.refused ? undefined : progress.task?.id}
            message={progress.message}
          />
        ),
        maxBytes: DEVICE_LIMITS.importMaxBytes,
      },
      aside: (
        <NodeTreePicker
          mode="single"
          aria-label={t('locationTree')}
          tree={tree.nodes}
          loading={tree.loading}
          value={location}
          onChange={setLocation}
          height={560}
        />
      ),
      listKey: String(nodeId),
      dialogWidth: 720,
      // QR code alone, or with edit and delete.
      actionsWidth: canEdit ? 200 : 110,
      ...(canQr
        ? {
            rowActions: (d: Device) => (
              <Button
                size="small"
                theme="borderless"
                loading={qr.isPending}
                onClick={() => void qr.run({ query: { id: d.id, size: 256 } }).catch(() => undefined)}
              >
                {t('qrCode')}
              </Button>
            ),
          }
        : {}),
    });
  }, [t, fmt, templates.data, qr, upload, canQr, canEdit, tree.nodes, tree.loading, location, nodeId]);
  return <LedgerScreen description={description} />;
}
