/**
 * /inletwiremanage (screens.md §2.6): the project's inlets (进线): name, code, voltage, bus
 * segment (unique), transformer kVA, billing method, declared demand, demand window, metering
 * node, billing scheme and account; create, edit, delete (demandconfig_update) and the xlsx
 * import (demand.import kind 'inlets': template, task, the problems list). The rules and their
 * messages are the contract's (the form refuses what the server refuses, at the field).
 */
import type { Inlet } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMutations } from '../../app/client';
import { useEndpointQuery } from '../../blocks/data';
import { defineLedger, LedgerScreen } from '../../blocks/ledger/ledger';
import { useTexts } from '../../i18n/texts';
import { ImportProblems } from '../nodes/components/ImportProblems';
import { kw } from './common';
import { MeterField } from './components/MeterField';
import { demandTexts } from './texts';

type Filters = { keyword: string; billingMethod: 'capacity' | 'demand' | null };

export function InletWireManagePage() {
  const t = useTexts(demandTexts);
  const schemes = useEndpointQuery(endpointKey('demand', 'billingSchemes'), { body: { keyword: '' } });
  const upload = useMutation(
    useMutations().demand.import({ invalidates: [endpointKey('demand', 'inlets')] }),
  );

  const description = useMemo(() => {
    const schemeOptions = (schemes.data ?? []).map((s) => ({ value: s.id, label: s.name }));
    const methodLabel = (v: string | number) => (v === 'capacity' ? t('capacityMethod') : t('demandMethod'));
    const windowLabel = (v: string | number) => (v === 'fixed' ? t('fixedWindow') : t('slidingWindow'));
    return defineLedger({
      title: t('inletTitle'),
      rowKey: (r: Inlet) => r.id,
      rowName: (r) => r.name,
      list: {
        endpoint: endpointKey('demand', 'inlets'),
        input: (f: Filters, page) => ({
          body: {
            keyword: f.keyword,
            ...(f.billingMethod ? { billingMethod: f.billingMethod } : {}),
            page,
          },
        }),
      },
      filters: { fields: [{ field: 'keyword', label: t('name'), type: 'text' }, 'billingMethod'] },
      fields: {
        name: { label: t('name') },
        code: { label: t('code') },
        voltageKv: { label: `${t('voltageLevel')} (kV)` },
        busSegment: { label: t('busSegment') },
        transformerKva: { label: t('capacityKva') },
        billingMethod: { label: t('billingMethod'), optionLabel: methodLabel },
        declaredKw: { label: t('declaredDemand') },
        windowType: { label: t('window'), optionLabel: windowLabel },
        meter: {
          label: t('meterNode'),
          empty: null,
          fromRow: (r) => ({ id: r.meter.id, modelLabel: r.meter.modelLabel, name: r.meter.name }),
          toBody: (v) =>
            v && typeof v === 'object'
              ? { id: (v as Inlet['meter']).id, modelLabel: (v as Inlet['meter']).modelLabel }
              : v,
          render: (a) => <MeterField {...a} label={t('meterNode')} />,
        },
        billingSchemeId: {
          label: t('scheme'),
          options: schemeOptions,
          fromRow: (r) => r.billingScheme?.id ?? null,
        },
        account: { label: t('billingAccount') },
        remark: { label: t('remark') },
      },
      columns: [
        { key: 'name', width: 150 },
        { key: 'code', width: 90 },
        { key: 'voltageKv', width: 90, align: 'right' },
        { key: 'busSegment', width: 100 },
        { key: 'transformerKva', width: 120, align: 'right', render: (r) => kw(r.transformerKva) },
        { key: 'billingMethod', width: 100 },
        { key: 'declaredKw', width: 120, align: 'right', render: (r) => kw(r.monthDeclaredKw) },
        { key: 'windowType', width: 100 },
        { key: 'meter', width: 150, render: (r) => r.meter.path || r.meter.name },
        { key: 'billingSchemeId', width: 130, render: (r) => r.billingScheme?.name ?? '--' },
        { key: 'account', width: 110 },
      ],
      create: { endpoint: endpointKey('demand', 'createInlet') },
      update: { endpoint: endpointKey('demand', 'updateInlet') },
      remove: { endpoint: endpointKey('demand', 'deleteInlet'), input: (r) => ({ query: { id: r.id } }) },
      writePermission: 'demandconfig_update',
      invalidates: [endpointKey('demand', 'billingSchemes'), endpointKey('demand', 'realtime')],
      import: {
        title: t('importInlets'),
        template: (client) => client.demand.template.download({ query: { kind: 'inlets' } }),
        upload: async (_client, file) => {
          const task = await upload.mutateAsync({
            body: { dryRun: false, kind: 'inlets' },
            files: [{ name: file.name, data: file }],
          });
          return { operationType: task.operationType, taskId: task.id };
        },
        report: (client, taskId) => client.nodes.importReport.download({ query: { taskId } }),
        failure: (progress) => (
          <ImportProblems
            taskId={progress.refused ? undefined : progress.task?.id}
            message={progress.message}
          />
        ),
        maxBytes: 10 * 1024 * 1024,
      },
      dialogWidth: 720,
    });
  }, [t, schemes.data, upload]);
  return <LedgerScreen description={description} />;
}
