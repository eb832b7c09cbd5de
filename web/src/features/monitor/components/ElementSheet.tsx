/**
 * The side panel of a clicked element: every live quantity of its points (`--` without a
 * value), the last hour of one quantity as a mini trend (datalog.query, raw readings), and for
 * a line its breaker: a holder of remote_control opens or closes it after AuthConfirm and a
 * second confirmation; the diagram reads the new state at once.
 */
import {
  Button,
  Descriptions,
  Empty,
  Modal,
  SideSheet,
  Space,
  Tag,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import type { Graph, GraphElement } from '@eem/contract';
import { useMemo, useState } from 'react';
import { DATE_PATTERNS, formatDate } from '../../../app/format';
import { useSession } from '../../../app/session';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { Select } from '../../../blocks/named-pickers';
import { errorMessage } from '../../../blocks/save-file';
import { useLanguage } from '../../../i18n/language';
import { useTexts } from '../../../i18n/texts';
import { useRemoteControl, useTrend } from '../queries';
import { monitorTexts } from '../texts';
import { AuthConfirm } from './AuthConfirm';
import { formatValue, type GraphPoint, type LiveState, pointName, pointsOf } from './live-values';

/** The quantity the trend starts with: active power when the element has it. */
const DEFAULT_TREND_DATA_ID = 2000;

export interface ElementSheetProps {
  graph: Graph;
  element: GraphElement | null;
  live: LiveState;
  onClose: () => void;
}

export function ElementSheet({ graph, element, live, onClose }: ElementSheetProps) {
  const t = useTexts(monitorTexts);
  return (
    <SideSheet
      visible={element !== null}
      onCancel={onClose}
      mask={false}
      width={440}
      title={
        element ? (
          <Space>
            <span>{element.name}</span>
            <Tag size="small">{t(`kind.${element.kind}`)}</Tag>
          </Space>
        ) : null
      }
      className="eem-element-sheet"
    >
      {element ? <SheetBody key={element.nodeId} graph={graph} element={element} live={live} /> : null}
    </SideSheet>
  );
}

function SheetBody({ graph, element, live }: { graph: Graph; element: GraphElement; live: LiveState }) {
  const t = useTexts(monitorTexts);
  const { language } = useLanguage();
  const points = useMemo(() => pointsOf(graph, element), [graph, element]);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {element.breaker ? <BreakerControl element={element} closed={live.closed(element.nodeId)} /> : null}
      <section>
        <Typography.Title heading={6}>{t('quantities')}</Typography.Title>
        {points.length === 0 ? (
          <Empty description={t('noPoints')} />
        ) : (
          <Descriptions
            align="left"
            size="small"
            data-testid="live-quantities"
            data={points.map((p) => {
              const time = live.time(p.id);
              return {
                key: pointName(p, language),
                value: (
                  <span
                    title={
                      time === null ? undefined : formatDate(time, DATE_PATTERNS.dateTime, graph.timeZone)
                    }
                  >
                    {formatValue(p, live.value(p.id))}
                  </span>
                ),
              };
            })}
          />
        )}
      </section>
      {points.length > 0 ? <MiniTrend points={points} timeZone={graph.timeZone} /> : null}
    </div>
  );
}

function MiniTrend({ points, timeZone }: { points: readonly GraphPoint[]; timeZone: string }) {
  const t = useTexts(monitorTexts);
  const { language } = useLanguage();
  const [endTime] = useState(() => Date.now());
  const [dataId, setDataId] = useState(
    () => (points.find((p) => p.dataId === DEFAULT_TREND_DATA_ID) ?? points[0])?.dataId ?? 0,
  );
  const point = points.find((p) => p.dataId === dataId) ?? points[0];
  const trend = useTrend(point ? [point.id] : [], endTime);
  const data = useMemo(() => {
    const series = trend.data?.series[0];
    const rows = series?.data ?? [];
    const zone = trend.data?.timeZone ?? timeZone;
    return {
      categories: rows.map((r) => formatDate(r.time, 'HH:mm', zone)),
      series: point ? [{ name: pointName(point, language), values: rows.map((r) => r.value) }] : [],
    };
  }, [trend.data, point, language, timeZone]);
  return (
    <section data-testid="mini-trend">
      <Space style={{ marginBottom: 8 }}>
        <Typography.Title heading={6}>{t('trend')}</Typography.Title>
        <Select
          size="small"
          aria-label={t('trendQuantity')}
          value={dataId}
          onChange={(v) => setDataId(Number(v))}
          optionList={points.map((p) => ({ value: p.dataId, label: pointName(p, language) }))}
          style={{ width: 180 }}
        />
      </Space>
      <ChartPanel
        kind="line"
        data={data}
        height={200}
        loading={trend.isFetching}
        {...(point?.unit ? { unit: point.unit } : {})}
        fileName={point ? pointName(point, language) : 'trend'}
      />
      {trend.error ? (
        <Typography.Text type="danger" size="small">
          {t('trendFailed', { msg: errorMessage(trend.error, '') })}
        </Typography.Text>
      ) : null}
    </section>
  );
}

type Step = { action: 'open' | 'close'; stage: 'auth' | 'confirm' } | null;

function BreakerControl({ element, closed }: { element: GraphElement; closed: boolean | null }) {
  const t = useTexts(monitorTexts);
  const { permissions } = useSession();
  const allowed = permissions.has('remote_control');
  const control = useRemoteControl();
  const [step, setStep] = useState<Step>(null);

  const run = async (action: 'open' | 'close') => {
    try {
      await control.mutateAsync({ body: { nodeId: element.nodeId, action } });
      Toast.success(t(action === 'open' ? 'opened' : 'closedDone', { name: element.name }));
      setStep(null);
    } catch (error) {
      Toast.error(t('controlFailed', { msg: errorMessage(error, '') }));
    }
  };

  const state =
    closed === null ? (
      <Tag color="grey">{t('unknown')}</Tag>
    ) : closed ? (
      <Tag color="red" data-testid="breaker-state">
        {t('closed')}
      </Tag>
    ) : (
      <Tag color="green" data-testid="breaker-state">
        {t('open')}
      </Tag>
    );

  return (
    <section>
      <Typography.Title heading={6}>{t('breaker')}</Typography.Title>
      <Space>
        <Typography.Text>{t('breakerState')}</Typography.Text>
        {state}
        {allowed ? (
          <>
            <Button
              type="danger"
              disabled={closed === false}
              onClick={() => setStep({ action: 'open', stage: 'auth' })}
            >
              {t('openBreaker')}
            </Button>
            <Button disabled={closed === true} onClick={() => setStep({ action: 'close', stage: 'auth' })}>
              {t('closeBreaker')}
            </Button>
          </>
        ) : null}
      </Space>
      {allowed ? null : (
        <Typography.Text type="tertiary" size="small" style={{ display: 'block', marginTop: 6 }}>
          {t('noRemoteControl')}
        </Typography.Text>
      )}
      <AuthConfirm
        visible={step?.stage === 'auth'}
        permissions={['remote_control']}
        onPass={() => setStep((s) => (s ? { ...s, stage: 'confirm' } : null))}
        onCancel={() => setStep(null)}
      />
      <Modal
        title={t(step?.action === 'close' ? 'confirmCloseTitle' : 'confirmOpenTitle')}
        visible={step?.stage === 'confirm'}
        onOk={() => {
          if (step) void run(step.action);
        }}
        onCancel={() => setStep(null)}
        okText={t('confirm')}
        cancelText={t('cancel')}
        okButtonProps={{ type: step?.action === 'open' ? 'danger' : 'primary' }}
        confirmLoading={control.isPending}
        className="eem-breaker-confirm"
      >
        {t(step?.action === 'close' ? 'confirmClose' : 'confirmOpen', { name: element.name })}
      </Modal>
    </section>
  );
}
