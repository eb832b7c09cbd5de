/**
 * /costaccounting (screens.md §2.8, AN + action): an accounting scheme and a month (this one
 * or one of the 23 before, on the project's calendar: never a future month); the results per
 * accounting object (cost.results; a month not calculated yet is a preview, said so) and the
 * drill-down into fee components (components/CostResults.tsx). With cost_update the month is
 * (re)calculated after a confirmation as a task followed with progress (cost.calculate,
 * operation type 16); the results refresh when it ends, its failure message shows under the bar.
 */
import { Button, Card, Empty, Modal, Space, Spin } from '@douyinfe/semi-ui-19';
import { addMonth, PAGE_LIMIT_MAX } from '@eem/core';
import { areaKey, endpointKey } from '@eem/sdk';
import { useState } from 'react';
import { useInvalidate } from '../../app/client';
import { useTimeZone } from '../../app/format';
import { errorMessage } from '../../app/query-client';
import { useSession } from '../../app/session';
import { useEndpointQuery } from '../../blocks/data';
import { Select } from '../../blocks/named-pickers';
import { TaskProgressBar, useTaskFollower } from '../../blocks/TaskProgress';
import { useTexts } from '../../i18n/texts';
import { monthText } from '../demand/common';
import { CostFrame } from './common';
import { CostResults } from './components/CostResults';
import { costTexts } from './texts';

/** This month and the 23 before it ('YYYY-MM', newest first). */
export function recentMonths(thisMonth: string, count = 24): string[] {
  return Array.from({ length: count }, (_, i) => addMonth(thisMonth, -i));
}

export function CostAccountingPage() {
  const t = useTexts(costTexts);
  return (
    <CostFrame title={t('accountingTitle')}>
      <Accounting />
    </CostFrame>
  );
}

function Accounting() {
  const t = useTexts(costTexts);
  const { timeZone, ready } = useTimeZone();
  const { permissions } = useSession();
  const invalidate = useInvalidate();
  const schemes = useEndpointQuery(endpointKey('cost', 'schemes'), {
    body: { keyword: '', page: { index: 0, limit: PAGE_LIMIT_MAX } },
  });
  const thisMonth = monthText(Date.now(), timeZone);
  const [picked, setPicked] = useState<number | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const schemeId = picked ?? schemes.data?.list[0]?.id ?? null;
  const chosenMonth = month ?? (ready ? thisMonth : null);
  const results = useEndpointQuery(
    endpointKey('cost', 'results'),
    schemeId === null || chosenMonth === null ? null : { body: { schemeId, month: chosenMonth } },
    { keepPrevious: true },
  );
  const task = useTaskFollower();

  const calculate = () => {
    if (schemeId === null || chosenMonth === null) return;
    void task
      .follow(
        async (client) => {
          const started = await client.cost.calculate({ body: { schemeId, month: chosenMonth } });
          return { operationType: started.operationType, taskId: started.id };
        },
        { intervalMs: 1000 },
      )
      .then((last) => {
        if (last?.phase === 'success') void invalidate(areaKey('cost'));
      });
  };

  if (schemes.isError)
    return <Empty description={t('loadFailed', { message: errorMessage(schemes.error) })} />;
  if (schemes.data && schemes.data.list.length === 0) return <Empty description={t('noSchemes')} />;
  const calculated = results.data?.calculatedAt !== null && results.data !== undefined;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <Card style={{ width: '100%' }}>
        <Space wrap spacing={12}>
          <Select
            aria-label={t('scheme')}
            placeholder={t('chooseScheme')}
            style={{ width: 240 }}
            loading={schemes.isPending}
            value={schemeId ?? undefined}
            optionList={(schemes.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(v) => {
              setPicked(Number(v));
              task.reset();
            }}
          />
          <Select
            aria-label={t('month')}
            style={{ width: 130 }}
            value={chosenMonth ?? undefined}
            optionList={recentMonths(thisMonth).map((m) => ({ value: m, label: m }))}
            onChange={(v) => {
              setMonth(String(v));
              task.reset();
            }}
          />
          {permissions.has('cost_update') && (
            <Button
              type="primary"
              loading={task.busy}
              disabled={schemeId === null || task.busy}
              onClick={() =>
                Modal.confirm({
                  title: calculated ? t('recalculate') : t('calculate'),
                  content: t('recalculateConfirm', { month: chosenMonth ?? '' }),
                  okText: t('run'),
                  cancelText: t('cancel'),
                  onOk: calculate,
                })
              }
            >
              {calculated ? t('recalculate') : t('calculate')}
            </Button>
          )}
        </Space>
        {task.progress && (
          <div style={{ marginTop: 12, maxWidth: 560 }} data-testid="calculation-progress">
            <TaskProgressBar
              progress={task.progress}
              captions={{
                running: t('calculating'),
                success: t('calculated'),
                failure: t('calculateFailed'),
              }}
            />
          </div>
        )}
      </Card>
      {results.isError && !results.data ? (
        <Empty description={t('loadFailed', { message: errorMessage(results.error) })} />
      ) : !results.data ? (
        <Spin />
      ) : results.data.rows.length === 0 ? (
        <Empty description={t('noObjects')} />
      ) : (
        <CostResults data={results.data} />
      )}
    </Space>
  );
}
