/**
 * /dataRecalculation (not kept alive): pick metered nodes in the meter tree (at most 6; their
 * points are recalculated) or take the points /meterEntry hands over in the URL
 * (?pointIds=1,2&startTime=…&endTime=…), a range of at most 31 days and the targets (energy, cost, efficiency), then start (datalog.recalculation, a
 * task with a 600 s time-out). The state panel shows the project's newest run on opening
 * (datalog.recalculationState) and is polled every 5 s while a run is queued or running.
 * Starting needs datalog_update.
 */
import {
  Banner,
  Button,
  Card,
  CheckboxGroup,
  Col,
  Empty,
  Row,
  Space,
  Tag,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { RECALCULATION_TARGETS } from '@eem/contract';
import { DATALOG_LIMITS, POLLING } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useMutations, useQueries } from '../../../app/client';
import { fromPickerDate, toPickerDate } from '../../../app/format';
import { useSession } from '../../../app/session';
import { FieldFrame } from '../../../blocks/FormFields';
import { NodeTreePicker } from '../../../blocks/NodeTreePicker';
import { DatePicker } from '../../../blocks/named-pickers';
import { nodeKey } from '../../../blocks/node-tree-model';
import { errorMessage } from '../../../blocks/save-file';
import { useCalendarState } from '../../../blocks/use-calendar';
import { useTexts } from '../../../i18n/texts';
import { isMetered } from './components/meter-tree';
import { renderPointCount } from './components/PointCountTag';
import { RecalculationStatePanel } from './components/RecalculationStatePanel';
import {
  checkRecalculation,
  type RecalculationErrors,
  type RecalculationField,
  type RecalculationForm,
  type RecalculationTarget,
  recalculationBody,
  recalculationFromQuery,
} from './components/recalculation-form';
import { isActive } from './components/recalculation-progress';
import { adminTexts } from './texts';

export interface DataRecalculationPageProps {
  /** Poll interval of the state while a run is active (tests). */
  intervalMs?: number;
}

export function DataRecalculationPage({ intervalMs = POLLING.importMs }: DataRecalculationPageProps = {}) {
  const t = useTexts(adminTexts);
  const { effectiveProjectId } = useSession();
  const { search } = useLocation();
  return (
    <div className="eem-page">
      <Typography.Title heading={4}>{t('recalculationTitle')}</Typography.Title>
      {effectiveProjectId > 0 ? (
        // A new hand-over from /meterEntry starts a fresh form.
        <RecalculationView key={`${effectiveProjectId}${search}`} intervalMs={intervalMs} />
      ) : (
        <Empty description={t('noProject')} />
      )}
    </div>
  );
}

function RecalculationView({ intervalMs }: { intervalMs: number }) {
  const t = useTexts(adminTexts);
  const queries = useQueries();
  // Starting a run changes the recalculation state (polled while it runs).
  const recalculate = useMutation(
    useMutations().datalog.recalculation({ invalidates: [endpointKey('datalog', 'recalculationState')] }),
  );
  const { permissions } = useSession();
  const canWrite = permissions.has('datalog_update');
  const [params] = useSearchParams();
  const [form, setForm, { calendar }] = useCalendarState<RecalculationForm>((c) =>
    recalculationFromQuery(params, c),
  );
  const zone = calendar.timeZone;
  const [errors, setErrors] = useState<RecalculationErrors>({});

  const tree = useQuery(queries.datalog.meterTree({ query: { scope: 'all' } }));
  const state = useQuery({
    ...queries.datalog.recalculationState(),
    refetchInterval: (query) => (recalculate.isPending || isActive(query.state.data) ? intervalMs : false),
  });

  const patch = (next: Partial<RecalculationForm>) => {
    const merged = { ...form, ...next };
    setForm(merged);
    // Once shown, errors follow the corrections.
    if (Object.keys(errors).length > 0) setErrors(checkRecalculation(merged, zone));
  };
  const errorText = (field: RecalculationField) => {
    const error = errors[field];
    return error === undefined ? undefined : typeof error === 'string' ? t(error) : error.text;
  };

  const start = async () => {
    const found = checkRecalculation(form, zone);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await recalculate.mutateAsync({ body: recalculationBody(form) });
      Toast.success(t('started'));
    } catch (error) {
      Toast.error(errorMessage(error, t('state.failed')));
      // Refused (one already running): show the state as it is.
      await state.refetch();
    }
  };

  const running = recalculate.isPending || isActive(state.data);
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Card title={t('meterTree')} bodyStyle={{ padding: 12 }}>
          <NodeTreePicker
            mode="multi"
            aria-label={t('meterTree')}
            tree={tree.data ?? []}
            loading={tree.isPending}
            max={DATALOG_LIMITS.recalculationNodes}
            limitMessage={t('error.tooManyNodes')}
            value={form.nodes}
            onChange={(nodes) => patch({ nodes })}
            isSelectable={isMetered}
            renderExtra={renderPointCount}
            height={480}
          />
        </Card>
      </Col>
      <Col span={16}>
        <Card title={t('recalculationTitle')} style={{ marginBottom: 16 }}>
          <FieldFrame field="nodes" label={t('nodes')} required error={errorText('nodes')}>
            <Space wrap spacing={6}>
              {form.nodes.map((n) => (
                <Tag
                  key={nodeKey(n)}
                  closable
                  color="blue"
                  onClose={() => patch({ nodes: form.nodes.filter((m) => nodeKey(m) !== nodeKey(n)) })}
                >
                  {n.name}
                </Tag>
              ))}
              {form.pointIds.length > 0 && (
                <Tag closable color="violet" onClose={() => patch({ pointIds: [] })}>
                  {t('pointList', { ids: form.pointIds.map((id) => `#${id}`).join(', ') })}
                </Tag>
              )}
              {form.nodes.length + form.pointIds.length === 0 && (
                <Typography.Text type="tertiary">{t('error.nodes')}</Typography.Text>
              )}
            </Space>
          </FieldFrame>
          <FieldFrame
            field="range"
            label={t('timeRange')}
            labelId="eem-recalc-range"
            required
            error={errorText('range')}
          >
            <DatePicker
              type="dateTimeRange"
              aria-labelledby="eem-recalc-range"
              style={{ width: 440 }}
              value={
                form.startTime !== null && form.endTime !== null
                  ? [toPickerDate(form.startTime, zone), toPickerDate(form.endTime, zone)]
                  : undefined
              }
              onChange={(dates) => {
                const [a, b] = Array.isArray(dates) ? dates : [];
                patch({
                  startTime: a instanceof Date ? fromPickerDate(a, zone) : null,
                  endTime: b instanceof Date ? fromPickerDate(b, zone) : null,
                });
              }}
            />
          </FieldFrame>
          <FieldFrame field="targets" label={t('targets')} required error={errorText('targets')}>
            <CheckboxGroup
              direction="horizontal"
              aria-label={t('targets')}
              value={form.targets}
              options={RECALCULATION_TARGETS.map((target) => ({
                value: target,
                label: t(`target.${target}`),
              }))}
              onChange={(value) => patch({ targets: value as RecalculationTarget[] })}
            />
          </FieldFrame>
          <Typography.Paragraph type="tertiary" size="small" style={{ marginBottom: 12 }}>
            {t('timeoutHint')}
          </Typography.Paragraph>
          {!canWrite && (
            <Banner
              type="info"
              description={t('noWritePermission')}
              closeIcon={null}
              style={{ marginBottom: 12 }}
            />
          )}
          <Button
            theme="solid"
            type="primary"
            disabled={!canWrite || running}
            loading={recalculate.isPending}
            onClick={() => void start()}
          >
            {t('start')}
          </Button>
        </Card>
        <Card title={t('stateTitle')}>
          <RecalculationStatePanel state={state.data} pending={recalculate.isPending} />
        </Card>
      </Col>
    </Row>
  );
}
