/**
 * /declareproposal (screens.md §2.6, AN + form): per inlet, the maxima of the 12 months before
 * the month declared (default next month), the proposed declared demand with its method,
 * basis and margin (demand.declareProposal), the expected basic charge at the proposed value,
 * at the current declaration and by capacity with the prices and capacity they come from; the
 * billing advice of the inlet (diagnosis.billingAdvice: the other method, the compensation
 * needed); and the declaration itself (demand.declare, demandconfig_update): the value, a
 * reminder day 1–28 and the users reminded.
 */
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  InputNumber,
  Row,
  Space,
  Spin,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { addMonth, DEMAND_LIMITS, DEMAND_MESSAGES, PROPOSAL_METHODS, type ProposalMethod } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useEffect, useId, useState } from 'react';
import { formatDate, useTimeZone } from '../../app/format';
import { useSession } from '../../app/session';
import { ChartPanel } from '../../blocks/ChartPanel';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointMutation, useEndpointQuery } from '../../blocks/data';
import { Select } from '../../blocks/named-pickers';
import { errorMessage } from '../../blocks/save-file';
import { useTexts } from '../../i18n/texts';
import { DemandFrame, InletList, kw, monthText, pct, useChosenInlet, useProjectUsers, yuan } from './common';
import { demandTexts } from './texts';

export function DeclareProposalPage() {
  const t = useTexts(demandTexts);
  const [inletId, setInletId] = useChosenInlet();
  return (
    <DemandFrame title={t('proposalTitle')}>
      <Row gutter={16}>
        <Col span={5}>
          <Card title={t('inlets')} bodyStyle={{ padding: 8 }}>
            <InletList value={inletId} onChange={setInletId} />
          </Card>
        </Col>
        <Col span={19}>
          {inletId === null ? (
            <Card>
              <Empty description={t('chooseInlet')} />
            </Card>
          ) : (
            <Proposal key={inletId} inletId={inletId} />
          )}
        </Col>
      </Row>
    </DemandFrame>
  );
}

function Proposal({ inletId }: { inletId: number }) {
  const t = useTexts(demandTexts);
  // Semi's Select drops `aria-label`: its name comes from the visible label (aria-labelledby).
  const ids = useId();
  const { timeZone } = useTimeZone();
  const now = monthText(Date.now(), timeZone);
  const next = addMonth(now, 1);
  const [month, setMonth] = useState(next);
  const [margin, setMargin] = useState(5);
  const [chosenMethod, setMethod] = useState<ProposalMethod>('p90OfMonthlyMax');
  const proposal = useEndpointQuery(
    endpointKey('demand', 'declareProposal'),
    { body: { inletId, month, marginPct: margin, method: chosenMethod } },
    { keepPrevious: true },
  );
  const data = proposal.data;
  if (proposal.isError && !data)
    return (
      <Card>
        <Empty description={t('loadFailed', { message: errorMessage(proposal.error, '') })} />
      </Card>
    );
  if (!data)
    return (
      <Card>
        <Spin />
      </Card>
    );
  const monthOptions = [0, 1, 2].map((n) => {
    const m = addMonth(now, n);
    return { value: m, label: m };
  });
  const method = t(`method_${data.method}`);
  type Hist = (typeof data.history)[number];
  const e = data.expected;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Card
        style={{ width: '100%' }}
        title={t('proposedFor', { month: data.month })}
        data-testid="proposal"
        headerExtraContent={
          <Space>
            <Typography.Text type="tertiary" id={`${ids}-month`}>
              {t('month')}
            </Typography.Text>
            <Select
              aria-labelledby={`${ids}-month`}
              value={month}
              optionList={monthOptions}
              onChange={(v) => setMonth(String(v))}
              style={{ width: 110 }}
            />
            <Typography.Text type="tertiary" id={`${ids}-method`}>
              {t('method')}
            </Typography.Text>
            <Select
              aria-labelledby={`${ids}-method`}
              value={chosenMethod}
              optionList={PROPOSAL_METHODS.map((m) => ({ value: m, label: t(`method_${m}`) }))}
              onChange={(v) => setMethod(v as ProposalMethod)}
              style={{ width: 260 }}
            />
            <Typography.Text type="tertiary">{t('margin')}</Typography.Text>
            <InputNumber
              aria-label={t('margin')}
              value={margin}
              min={0}
              max={50}
              precision={1}
              suffix="%"
              style={{ width: 110 }}
              onChange={(v) => typeof v === 'number' && setMargin(v)}
            />
          </Space>
        }
      >
        <Descriptions
          row
          size="small"
          data={[
            { key: t('proposed'), value: <span data-testid="proposed-kw">{kw(data.proposedKw)}</span> },
            { key: t('method'), value: method },
            { key: t('basis'), value: `${kw(data.basisKw)} kW` },
            { key: t('margin'), value: pct(data.marginPct, 1) },
            {
              key: t('inputs'),
              value:
                data.basisKw === null
                  ? '--'
                  : proposalFormula(data, t(data.boundedBy === 'ceiling' ? 'boundCeiling' : 'boundFloor')),
            },
            { key: t('declaredKw'), value: kw(data.currentKw) },
          ]}
        />
        {e ? (
          <Descriptions
            row
            size="small"
            style={{ marginTop: 12 }}
            data={[
              { key: t('basicAtProposed'), value: yuan(e.proposed) },
              { key: t('basicAtCurrent'), value: yuan(e.current) },
              { key: t('basicByCapacity'), value: yuan(e.capacity) },
              {
                key: t('inputs'),
                value: t('expectedInputs', {
                  max: kw(e.inputs.expectedMaxKw),
                  demandPrice: e.inputs.demandPrice,
                  capacityPrice: e.inputs.capacityPrice,
                  kva: kw(e.inputs.transformerKva),
                  threshold: e.inputs.penaltyThresholdPct,
                  multiplier: e.inputs.penaltyMultiplier,
                }),
              },
            ]}
          />
        ) : (
          <Typography.Text type="tertiary">{t('noScheme')}</Typography.Text>
        )}
      </Card>
      <div style={{ width: '100%' }}>
        <ChartPanel
          kind="line"
          title={t('maxDemand')}
          unit="kW"
          height={280}
          data={{
            categories: data.history.map((h) => h.month),
            series: [
              { name: t('maxDemand'), values: data.history.map((h) => h.maxKw) },
              { name: t('declaredKw'), values: data.history.map((h) => h.declaredKw) },
            ],
          }}
        />
      </div>
      <div style={{ width: '100%' }}>
        <DataTable<Hist>
          aria-label={t('maxDemand')}
          rows={data.history}
          rowKey={(h) => h.month}
          columns={[
            { key: 'month', title: t('month'), width: 90 },
            { key: 'maxKw', title: t('maxDemand'), align: 'right', render: (h) => kw(h.maxKw) },
            {
              key: 'maxAt',
              title: t('maxTime'),
              render: (h) => (h.maxAt === null ? '--' : formatDate(h.maxAt, 'MM-DD HH:mm', timeZone)),
            },
            { key: 'declaredKw', title: t('declaredKw'), align: 'right', render: (h) => kw(h.declaredKw) },
          ]}
        />
      </div>
      <Advice inletId={inletId} />
      <Declaration
        inletId={inletId}
        month={data.month}
        initial={data.declared?.valueKw ?? data.proposedKw ?? data.currentKw}
        saved={data.declared}
      />
    </Space>
  );
}

/** The inlet's billing advice: both methods over 12 months and the compensation needed. */
function Advice({ inletId }: { inletId: number }) {
  const t = useTexts(demandTexts);
  const advice = useEndpointQuery(endpointKey('bills', 'billingAdvice'), { body: { inletIds: [inletId] } });
  const a = advice.data?.[0];
  if (advice.isError)
    return (
      <Card style={{ width: '100%' }} title={t('advice')}>
        <Typography.Text type="danger">
          {t('loadFailed', { message: errorMessage(advice.error, '') })}
        </Typography.Text>
      </Card>
    );
  if (!a) return <Card style={{ width: '100%' }} title={t('advice')} loading={advice.isPending} />;
  const method = (m: string) => (m === 'capacity' ? t('byCapacity') : t('byDemand'));
  const c = a.compensation;
  return (
    <Card style={{ width: '100%' }} title={t('advice')} data-testid="advice">
      <Descriptions
        row
        size="small"
        data={[
          { key: t('capacityTotal'), value: yuan(a.capacityTotal) },
          { key: t('demandTotal'), value: yuan(a.demandTotal) },
          { key: t('billingMethod'), value: method(a.currentMethod) },
          { key: t('recommend'), value: method(a.recommendedMethod) },
          { key: t('savingYuan'), value: yuan(a.saving) },
          {
            key: t('compensation'),
            value:
              c.kvarNeeded === null
                ? '--'
                : t('compensationInputs', {
                    kvar: kw(c.kvarNeeded),
                    pf: c.powerFactor === null ? '--' : c.powerFactor.toFixed(2),
                    standard: c.standard === null ? '--' : c.standard.toFixed(2),
                    avg: kw(c.avgKw),
                  }),
          },
        ]}
      />
    </Card>
  );
}

function Declaration({
  inletId,
  month,
  initial,
  saved,
}: {
  inletId: number;
  month: string;
  initial: number;
  saved: {
    valueKw: number;
    reminderDay: number | null;
    reminderUsers: { id: number; name: string }[];
  } | null;
}) {
  const t = useTexts(demandTexts);
  const { permissions } = useSession();
  const canWrite = permissions.has('demandconfig_update');
  const users = useProjectUsers();
  const usersLabel = useId();
  const declare = useEndpointMutation(endpointKey('demand', 'declare'), {
    invalidates: [areaKey('demand'), areaKey('bills')],
  });
  const [value, setValue] = useState<number | null>(initial);
  const [day, setDay] = useState<number | null>(saved?.reminderDay ?? null);
  const [who, setWho] = useState<number[]>(saved?.reminderUsers.map((u) => u.id) ?? []);
  useEffect(() => setValue(initial), [initial]);
  const dayProblem =
    day !== null && (day < 1 || day > DEMAND_LIMITS.reminderDayMax) ? DEMAND_MESSAGES.reminderDay : null;
  const submit = async () => {
    if (value === null || dayProblem) return;
    try {
      await declare.mutateAsync({
        body: { inletId, month, valueKw: value, reminderDay: day, reminderUserIds: who },
      });
      Toast.success(t('saved'));
    } catch (error) {
      Toast.error(errorMessage(error, t('noData')));
    }
  };
  return (
    <Card
      style={{ width: '100%' }}
      title={saved ? t('declaredPlan', { value: kw(saved.valueKw) }) : t('save')}
      data-testid="declaration"
    >
      <Space wrap spacing={12}>
        <Typography.Text>{t('declareValue')}</Typography.Text>
        <InputNumber
          aria-label={t('declareValue')}
          value={value ?? undefined}
          min={0}
          precision={2}
          disabled={!canWrite}
          style={{ width: 150 }}
          onChange={(v) => setValue(typeof v === 'number' ? v : null)}
        />
        <Typography.Text>{t('reminderDay')}</Typography.Text>
        <InputNumber
          aria-label={t('reminderDay')}
          value={day ?? undefined}
          min={1}
          max={DEMAND_LIMITS.reminderDayMax}
          precision={0}
          disabled={!canWrite}
          style={{ width: 90 }}
          onChange={(v) => setDay(typeof v === 'number' ? v : null)}
        />
        <Typography.Text id={usersLabel}>{t('reminderUsers')}</Typography.Text>
        <Select
          aria-labelledby={usersLabel}
          multiple
          filter
          maxTagCount={2}
          disabled={!canWrite}
          style={{ width: 280 }}
          optionList={users}
          value={who}
          onChange={(v) => setWho((v as number[]) ?? [])}
        />
        {canWrite && (
          <Button
            theme="solid"
            loading={declare.isPending}
            disabled={value === null || dayProblem !== null}
            onClick={() => void submit()}
          >
            {t('save')}
          </Button>
        )}
      </Space>
      {dayProblem && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
          {dayProblem}
        </Typography.Text>
      )}
    </Card>
  );
}

/** basis × (1 + margin) = value, rounded up, and the bound that moved it. */
function proposalFormula(
  d: {
    basisKw: number | null;
    marginPct: number;
    proposedKw: number | null;
    boundedBy?: 'floor' | 'ceiling' | null | undefined;
    floorKw?: number | undefined;
    ceilingKw?: number | undefined;
  },
  boundText: string,
): string {
  const basis = d.basisKw ?? 0;
  const raw = Math.round(basis * (1 + d.marginPct / 100) * 100) / 100;
  const head = `${kw(basis)} × (1 + ${pct(d.marginPct, 1)}) = ${kw(raw)} kW`;
  if (!d.boundedBy) return `${head} → ${kw(d.proposedKw)} kW`;
  const bound = d.boundedBy === 'floor' ? d.floorKw : d.ceilingKw;
  return `${head} → ${boundText} ${kw(bound)} kW`;
}
