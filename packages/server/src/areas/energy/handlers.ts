/** The energy area (issue 15): analysis from the rollups, plans, forecasts, overview, scripting calls. */
import type { catalogue } from '@eem/contract';
import { ENERGY_TYPE, TOU_BAND_KEYS } from '@eem/core';
import type { XlsxCell } from '@eem/xlsx';
import type { AreaHandlers } from '../../http/handlers.js';
import { balance, contrast, detail, flow, radio, timeshare } from './breakdown.js';
import {
  consumeQuery,
  consumeSummary,
  consumption,
  energyTypes,
  period,
  standard,
  tbhb,
  top,
} from './consumption.js';
import { isoOf, sendTable } from './export.js';
import { itemized } from './itemized.js';
import { overview } from './overview.js';
import { plan, savePlan } from './plans.js';
import { predict } from './predict.js';

const BAND_HEADERS = {
  en: ['Sharp', 'Peak', 'Flat', 'Valley', 'Unassigned'],
  zh: ['尖', '峰', '平', '谷', '未分时'],
};

export const energyHandlers: AreaHandlers<typeof catalogue.energy> = {
  energyTypes: (_input, ctx) => energyTypes(ctx),
  consumption: ({ body }, ctx) => consumption(ctx, body),
  tbhb: ({ body }, ctx) => tbhb(ctx, body),
  period: ({ body }, ctx) => period(ctx, body),
  top: ({ body }, ctx) => top(ctx, body),
  standard: ({ body }, ctx) => standard(ctx, body),
  timeshare: ({ body }, ctx) => timeshare(ctx, body),
  detail: ({ body }, ctx) => detail(ctx, body),
  async detailExport({ body }, ctx) {
    const answer = await detail(ctx, body);
    const zh = ctx.language === 'zh';
    const iso = isoOf(answer.timeZone);
    const bands = answer.energyType === ENERGY_TYPE.electricity && body.tou;
    const header = [
      zh ? '节点' : 'Node',
      zh ? '路径' : 'Path',
      `${zh ? '时间' : 'Period'} (${answer.timeZone})`,
      `${zh ? '用量' : 'Consumption'} (${answer.unit})`,
      ...(bands ? BAND_HEADERS[zh ? 'zh' : 'en'] : []),
      ...(body.readings
        ? zh
          ? ['起始读数', '结束读数', '倍率', '接收', '应收', '回零']
          : ['Start reading', 'End reading', 'Multiplier', 'Received', 'Expected', 'Reset']
        : []),
    ];
    const rows: XlsxCell[][] = [];
    for (const row of answer.rows)
      answer.times.forEach((time, i) => {
        const r = row.readings?.[i];
        rows.push([
          row.node.name,
          row.node.path,
          iso(time),
          row.values[i] ?? null,
          ...(bands ? [...TOU_BAND_KEYS, 'unassigned' as const].map((k) => row.bands?.[k][i] ?? null) : []),
          ...(body.readings
            ? [
                r?.start ?? null,
                r?.end ?? null,
                row.ratio,
                r?.received ?? null,
                r?.expected ?? null,
                r ? (r.reset ? 'yes' : '') : null,
              ]
            : []),
        ]);
      });
    return sendTable(
      ctx,
      answer.timeZone,
      { name: zh ? '能耗明细' : 'consumption-detail', header, rows },
      'xlsx',
    );
  },
  radio: ({ body }, ctx) => radio(ctx, body),
  balance: ({ body }, ctx) => balance(ctx, body),
  contrast: ({ body }, ctx) => contrast(ctx, body),
  plan: ({ body }, ctx) => plan(ctx, body),
  savePlan: ({ body }, ctx) => savePlan(ctx, body),
  flow: ({ body }, ctx) => flow(ctx, body),
  itemized: ({ body }, ctx) => itemized(ctx, body),
  predict: ({ body }, ctx) => predict(ctx, body),
  overview: ({ body }, ctx) => overview(ctx, body),
  consumeQuery: ({ body }, ctx) => consumeQuery(ctx, body),
  async consumeExport({ body }, ctx) {
    const { format, ...query } = body;
    const answer = await consumeQuery(ctx, query);
    const zh = ctx.language === 'zh';
    const iso = isoOf(answer.timeZone);
    const bands = answer.series.some((s) => s.bands);
    const header = [
      zh ? '节点ID' : 'Node ID',
      zh ? '节点' : 'Node',
      zh ? '路径' : 'Path',
      `${zh ? '时间' : 'Period'} (${answer.timeZone})`,
      `${zh ? '用量' : 'Consumption'} (${answer.unit})`,
      ...(bands ? BAND_HEADERS[zh ? 'zh' : 'en'] : []),
      ...(answer.compare
        ? [answer.compare === 'yoy' ? (zh ? '同比' : 'Year earlier') : zh ? '环比' : 'Period before']
        : []),
    ];
    const rows: XlsxCell[][] = [];
    for (const s of answer.series)
      answer.times.forEach((time, i) => {
        rows.push([
          s.node.id,
          s.node.name,
          s.node.path,
          iso(time),
          s.values[i] ?? null,
          ...(bands ? [...TOU_BAND_KEYS, 'unassigned' as const].map((k) => s.bands?.[k][i] ?? null) : []),
          ...(answer.compare ? [s.compare?.[i] ?? null] : []),
        ]);
      });
    return sendTable(ctx, answer.timeZone, { name: zh ? '能耗' : 'consumption', header, rows }, format);
  },
  consumeSummary: ({ body }, ctx) => consumeSummary(ctx, body),
};
