/**
 * /demandearlywarning (screens.md §2.6): per inlet, up to 4 warning levels, each a % of the
 * declared demand or a value in kW, strictly ascending; optionally on the predicted
 * end-of-interval demand (events 705 besides 704); receivers, channels, repeat minutes and
 * enabled (demand.warningConfig / saveWarningConfig). Each level also shows what it is in kW
 * at the declared demand. Saving needs demandconfig_update (read-only otherwise).
 */
import { IconDelete, IconPlus } from '@douyinfe/semi-icons';
import {
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Col,
  Empty,
  InputNumber,
  RadioGroup,
  Row,
  Space,
  Spin,
  Switch,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import { DEMAND_LIMITS, DEMAND_MESSAGES, NOTIFY_CHANNELS } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useEffect, useId, useState } from 'react';
import { useSession } from '../../app/session';
import { useEndpointMutation, useEndpointQuery } from '../../blocks/data';
import { Select } from '../../blocks/named-pickers';
import { errorMessage } from '../../blocks/save-file';
import { useTexts } from '../../i18n/texts';
import { DemandFrame, InletList, kw, useChosenInlet, useProjectUsers } from './common';
import { demandTexts } from './texts';

/** A field of the form: its label, then its control. */
const ROW = { display: 'flex', alignItems: 'center' } as const;

interface Draft {
  enabled: boolean;
  basis: 'percent' | 'kw';
  levels: (number | null)[];
  onPredicted: boolean;
  receiverIds: number[];
  channels: (typeof NOTIFY_CHANNELS)[number][];
  repeatMinutes: number;
}

/** Why the levels cannot be saved (the contract's messages), or null. */
export function levelsProblem(levels: readonly (number | null)[]): string | null {
  if (levels.length === 0) return DEMAND_MESSAGES.atLeastOneLevel;
  if (levels.length > DEMAND_LIMITS.levels) return DEMAND_MESSAGES.tooManyLevels;
  if (levels.some((v) => v === null || !(v > 0)))
    return 'value must be a number above 0 with at most 2 decimal places';
  for (let i = 1; i < levels.length; i++)
    if ((levels[i] as number) <= (levels[i - 1] as number)) return DEMAND_MESSAGES.levelsAscending;
  return null;
}

export function DemandEarlyWarningPage() {
  const t = useTexts(demandTexts);
  const [inletId, setInletId] = useChosenInlet();
  return (
    <DemandFrame title={t('warningTitle')}>
      <Row gutter={16}>
        <Col span={6}>
          <Card title={t('inlets')} bodyStyle={{ padding: 8 }}>
            <InletList value={inletId} onChange={setInletId} />
          </Card>
        </Col>
        <Col span={18}>
          {inletId === null ? (
            <Card>
              <Empty description={t('chooseInlet')} />
            </Card>
          ) : (
            <WarningForm key={inletId} inletId={inletId} />
          )}
        </Col>
      </Row>
    </DemandFrame>
  );
}

function WarningForm({ inletId }: { inletId: number }) {
  const t = useTexts(demandTexts);
  const { permissions } = useSession();
  const canWrite = permissions.has('demandconfig_update');
  const config = useEndpointQuery(endpointKey('demand', 'warningConfig'), { body: { inletId } });
  const save = useEndpointMutation(endpointKey('demand', 'saveWarningConfig'), {
    invalidates: [areaKey('demand')],
  });
  const users = useProjectUsers();
  const [draft, setDraft] = useState<Draft | null>(null);
  const data = config.data;
  useEffect(() => {
    if (!data) return;
    setDraft({
      enabled: data.enabled,
      basis: data.basis,
      levels: data.levels.map((l) => l.value),
      onPredicted: data.onPredicted,
      receiverIds: data.receivers.map((r) => r.id),
      channels: data.channels,
      repeatMinutes: data.repeatMinutes,
    });
  }, [data]);
  const ids = useId();

  if (config.isError)
    return (
      <Card>
        <Empty description={t('loadFailed', { message: errorMessage(config.error, '') })} />
      </Card>
    );
  if (!data || !draft)
    return (
      <Card>
        <Spin />
      </Card>
    );
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const problem = levelsProblem(draft.levels);
  const inKw = (v: number | null) =>
    v === null ? null : draft.basis === 'percent' ? Math.round(data.declaredKw * v) / 100 : v;
  const submit = async () => {
    if (problem) return;
    try {
      await save.mutateAsync({
        body: {
          inletId,
          enabled: draft.enabled,
          basis: draft.basis,
          levels: draft.levels.map((value, i) => ({ level: i + 1, value: value as number })),
          onPredicted: draft.onPredicted,
          receiverIds: draft.receiverIds,
          channels: draft.channels,
          repeatMinutes: draft.repeatMinutes,
        },
      });
      Toast.success(t('configSaved'));
    } catch (error) {
      Toast.error(errorMessage(error, t('noData')));
    }
  };
  const label = (text: string, id?: string) => (
    <Typography.Text strong id={id} style={{ display: 'inline-block', width: 200, flex: 'none' }}>
      {text}
    </Typography.Text>
  );
  return (
    <Card
      title={`${data.inlet.name} · ${t('declared')} ${kw(data.declaredKw)} kW`}
      data-testid="warning-form"
      headerExtraContent={
        canWrite && (
          <Button
            theme="solid"
            loading={save.isPending}
            disabled={problem !== null}
            onClick={() => void submit()}
          >
            {t('saveConfig')}
          </Button>
        )
      }
    >
      <Space vertical align="start" spacing={16} style={{ width: '100%' }}>
        <div style={ROW}>
          {label(t('enabled'))}
          <Switch
            aria-label={t('enabled')}
            checked={draft.enabled}
            disabled={!canWrite}
            onChange={(v) => set({ enabled: v })}
          />
        </div>
        <div style={ROW}>
          {label(t('unit'))}
          <RadioGroup
            type="button"
            value={draft.basis}
            disabled={!canWrite}
            onChange={(e) => set({ basis: e.target.value === 'kw' ? 'kw' : 'percent' })}
            options={[
              { value: 'percent', label: t('percentOfDeclared') },
              { value: 'kw', label: t('kw') },
            ]}
          />
        </div>
        <div style={{ display: 'flex', alignItems: 'flex-start' }}>
          {label(t('levels'))}
          <Space vertical align="start">
            {draft.levels.map((value, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position (level 1 to 4)
              <Space key={i}>
                <Typography.Text style={{ width: 60, display: 'inline-block' }}>
                  {t('levelValue', { n: i + 1 })}
                </Typography.Text>
                <InputNumber
                  aria-label={t('levelValue', { n: i + 1 })}
                  value={value ?? undefined}
                  min={0}
                  precision={2}
                  disabled={!canWrite}
                  suffix={draft.basis === 'percent' ? '%' : 'kW'}
                  style={{ width: 160 }}
                  onChange={(v) =>
                    set({
                      levels: draft.levels.map((x, j) => (j === i ? (typeof v === 'number' ? v : null) : x)),
                    })
                  }
                />
                <Typography.Text type="tertiary">= {kw(inKw(value))} kW</Typography.Text>
                {canWrite && (
                  <Button
                    icon={<IconDelete />}
                    theme="borderless"
                    type="danger"
                    aria-label={t('removeLevel')}
                    onClick={() => set({ levels: draft.levels.filter((_x, j) => j !== i) })}
                  />
                )}
              </Space>
            ))}
            {canWrite && (
              <Button
                icon={<IconPlus />}
                disabled={draft.levels.length >= DEMAND_LIMITS.levels}
                onClick={() => set({ levels: [...draft.levels, null] })}
              >
                {t('addLevel')}
              </Button>
            )}
            {problem && (
              <Typography.Text type="danger" role="alert" data-testid="levels-problem">
                {problem}
              </Typography.Text>
            )}
          </Space>
        </div>
        <div style={ROW}>
          {label(t('onPredicted'))}
          <Switch
            aria-label={t('onPredicted')}
            checked={draft.onPredicted}
            disabled={!canWrite}
            onChange={(v) => set({ onPredicted: v })}
          />
        </div>
        <div style={ROW}>
          {label(t('receivers'), `${ids}-receivers`)}
          {/* Semi's Select drops `aria-label`: its name comes from the visible label. */}
          <Select
            aria-labelledby={`${ids}-receivers`}
            multiple
            filter
            disabled={!canWrite}
            style={{ width: 420 }}
            optionList={users}
            value={draft.receiverIds}
            onChange={(v) => set({ receiverIds: (v as number[]) ?? [] })}
          />
        </div>
        <div style={ROW}>
          {label(t('channels'))}
          <CheckboxGroup
            direction="horizontal"
            disabled={!canWrite}
            value={draft.channels}
            onChange={(v) => set({ channels: v as Draft['channels'] })}
          >
            {NOTIFY_CHANNELS.map((c) => (
              <Checkbox key={c} value={c}>
                {t(`channel_${c}`)}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </div>
        <div style={ROW}>
          {label(t('repeatMinutes'))}
          <InputNumber
            aria-label={t('repeatMinutes')}
            min={0}
            max={1440}
            precision={0}
            disabled={!canWrite}
            style={{ width: 160 }}
            value={draft.repeatMinutes}
            onChange={(v) => set({ repeatMinutes: typeof v === 'number' ? v : 0 })}
          />
        </div>
      </Space>
    </Card>
  );
}
