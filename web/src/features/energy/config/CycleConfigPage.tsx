/**
 * /cycleconfig (screens.md §2.11): the project's accounting cycle starts (day start hour, week
 * start day, month start day 1–28, year start month) with the current day, week, month and
 * year they make (metering.cycle / saveCycle). Saving refreshes the calendar of every picker.
 */
import { Button, Card, Form, Space, Spin, Toast } from '@douyinfe/semi-ui-19';
import { CYCLE_LIMITS } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../app/format';
import { errorMessage } from '../../../app/query-client';
import { DataTable } from '../../../blocks/DataTable';
import { useEndpointMutation, useEndpointQuery } from '../../../blocks/data';
import { useTexts } from '../../../i18n/texts';
import { EnergyPage, useCanWrite } from '../common/EnergyPage';
import { energyTexts } from '../common/texts';
import { energyConfigTexts } from './texts';

type Key = keyof typeof CYCLE_LIMITS;
const FIELDS: {
  key: Key;
  label: 'dayStartHour' | 'weekStartDay' | 'monthStartDay' | 'yearStartMonth';
  text: 'hour' | 'weekday' | 'day' | 'monthN';
}[] = [
  { key: 'dayStartHour', label: 'dayStartHour', text: 'hour' },
  { key: 'weekStartDay', label: 'weekStartDay', text: 'weekday' },
  { key: 'monthStartDay', label: 'monthStartDay', text: 'day' },
  { key: 'yearStartMonth', label: 'yearStartMonth', text: 'monthN' },
];
const PERIOD_LABEL = {
  day: 'periodDay',
  week: 'periodWeek',
  month: 'periodMonth',
  year: 'periodYear',
} as const;

export function CycleConfigPage() {
  const c = useTexts(energyConfigTexts);
  return (
    <EnergyPage title={c('cycleTitle')}>
      <CycleForm />
    </EnergyPage>
  );
}

function CycleForm() {
  const c = useTexts(energyConfigTexts);
  const t = useTexts(energyTexts);
  const canWrite = useCanWrite('energyconfig_update');
  const cycle = useEndpointQuery(endpointKey('metering', 'cycle'), {});
  const save = useEndpointMutation(endpointKey('metering', 'saveCycle'), {
    invalidates: [areaKey('metering'), areaKey('energy'), endpointKey('shell', 'convertTime')],
  });
  const [values, setValues] = useState<Record<Key, number> | null>(null);
  useEffect(() => {
    if (cycle.data) {
      const { dayStartHour, weekStartDay, monthStartDay, yearStartMonth } = cycle.data;
      setValues({ dayStartHour, weekStartDay, monthStartDay, yearStartMonth });
    }
  }, [cycle.data]);
  if (cycle.isError) return <Card>{t('loadFailed', { message: errorMessage(cycle.error) })}</Card>;
  if (!cycle.data || !values) return <Spin />;
  const zone = cycle.data.timeZone;
  const changed = FIELDS.some((f) => values[f.key] !== cycle.data?.[f.key]);
  return (
    <Space vertical align="start" spacing={16} style={{ width: '100%' }}>
      <Card style={{ width: '100%' }}>
        <Form layout="horizontal" labelPosition="top">
          {FIELDS.map((f) => {
            const [min, max] = CYCLE_LIMITS[f.key];
            return (
              <Form.Select
                key={f.key}
                field={f.key}
                label={c(f.label)}
                className={`eem-select-${f.key}`}
                style={{ width: 180 }}
                disabled={!canWrite}
                initValue={values[f.key]}
                onChange={(v) => setValues((old) => (old ? { ...old, [f.key]: Number(v) } : old))}
                optionList={Array.from({ length: max - min + 1 }, (_, i) => ({
                  value: min + i,
                  label: c(f.text, { n: min + i }),
                }))}
              />
            );
          })}
        </Form>
        {canWrite && (
          <Button
            theme="solid"
            disabled={!changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { body: values },
                {
                  onSuccess: () => Toast.success(t('saved')),
                  onError: (error) => Toast.error(errorMessage(error)),
                },
              )
            }
          >
            {t('save')}
          </Button>
        )}
      </Card>
      <Card title={c('preview')} style={{ width: '100%' }}>
        <DataTable
          aria-label={c('preview')}
          rows={cycle.data.preview}
          rowKey={(r) => r.period}
          columns={[
            { key: 'period', title: t('period'), render: (r) => c(PERIOD_LABEL[r.period]) },
            { key: 'start', title: c('start'), render: (r) => formatDate(r.start, 'YYYY-MM-DD HH:mm', zone) },
            { key: 'end', title: c('end'), render: (r) => formatDate(r.end, 'YYYY-MM-DD HH:mm', zone) },
          ]}
        />
      </Card>
    </Space>
  );
}
