/**
 * The event exports as xlsx: the summary (level, time, node, type, description, status), the
 * detail (every field) and the loss warnings; headers in the caller's language, times in the
 * project's time zone, at most EVENT_LIMITS.exportMax rows.
 */
import type { EventFilter, EventItem } from '@eem/contract';
import {
  EVENT_CLASS_LABELS,
  EVENT_LEVEL_LABELS,
  EVENT_LIMITS,
  EVENT_STATUS_LABELS,
  type EventClass,
  text,
} from '@eem/core';
import ExcelJS from 'exceljs';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import { formatTime, XLSX_TYPE } from '../logs/operation-log-xlsx.js';
import { recordOperation } from '../logs/record-operation.js';
import { eventQuery } from './event-filter.js';
import { eventItems } from './event-items.js';
import { eventCount, eventRows } from './repo/events.js';

export type ExportKind = 'summary' | 'detail' | 'loss';

const SUMMARY = {
  en: ['Level', 'Time', 'Node', 'Type', 'Description', 'Status'],
  zh: ['等级', '时间', '节点', '类型', '描述', '状态'],
} as const;

const DETAIL = {
  en: [
    'ID',
    'Level',
    'Class',
    'Time',
    'End time',
    'Node',
    'Path',
    'Type',
    'Description',
    'Value',
    'Threshold',
    'Unit',
    'Status',
    'Confirmed by',
    'Confirmed at',
    'Result',
  ],
  zh: [
    '编号',
    '等级',
    '分类',
    '时间',
    '结束时间',
    '节点',
    '路径',
    '类型',
    '描述',
    '数值',
    '阈值',
    '单位',
    '状态',
    '确认人',
    '确认时间',
    '处理结果',
  ],
} as const;

const LOSS = {
  en: ['Time', 'Loss object', 'Loss rate', 'Threshold', 'Unit', 'Level', 'Status', 'Description'],
  zh: ['时间', '损耗对象', '损耗率', '阈值', '单位', '预警等级', '状态', '描述'],
} as const;

const NAMES: Record<ExportKind, { zh: string; en: string; sheet: { zh: string; en: string } }> = {
  summary: { zh: '事件记录', en: 'events', sheet: { zh: '事件记录', en: 'Events' } },
  detail: { zh: '事件详情', en: 'event-details', sheet: { zh: '事件详情', en: 'Event details' } },
  loss: { zh: '损耗预警', en: 'loss-warnings', sheet: { zh: '损耗预警', en: 'Loss warnings' } },
};

function rowOf(kind: ExportKind, e: EventItem, language: 'zh' | 'en', timeZone: string): (string | number)[] {
  const pick = (labels: [string, string] | undefined) => (labels ? labels[language === 'zh' ? 0 : 1] : '');
  const level = pick(EVENT_LEVEL_LABELS[e.level as 1]);
  const status = pick(EVENT_STATUS_LABELS[e.status as 1]);
  const time = formatTime(e.time, timeZone);
  const opt = (v: number | null) => (v === null ? '' : v);
  if (kind === 'summary') return [level, time, e.path || e.nodeName, e.logTypeName, e.description, status];
  if (kind === 'loss')
    return [time, e.path || e.nodeName, opt(e.value), opt(e.threshold), e.unit, level, status, e.description];
  return [
    e.id,
    level,
    pick(EVENT_CLASS_LABELS[e.eventClass as EventClass]),
    time,
    e.endTime === null ? '' : formatTime(e.endTime, timeZone),
    e.nodeName,
    e.path,
    e.logTypeName,
    e.description,
    opt(e.value),
    opt(e.threshold),
    e.unit,
    status,
    e.confirmedBy ?? '',
    e.confirmedAt === null ? '' : formatTime(e.confirmedAt, timeZone),
    e.result ?? '',
  ];
}

export async function exportEvents(ctx: RequestContext, kind: ExportKind, body: EventFilter): Promise<null> {
  const project = await currentProject(ctx);
  const db = ctx.services.db;
  const filter =
    kind === 'loss'
      ? {
          ...body,
          logTypes:
            body.logTypes.length > 0 ? body.logTypes.filter((t) => t === 706 || t === 707) : [706, 707],
        }
      : body;
  const q = await eventQuery(db, project, filter);
  const rows = await eventCount(db, q);
  if (rows > EVENT_LIMITS.exportMax)
    throw ApiError.validation(
      `the export holds ${rows} events; at most ${EVENT_LIMITS.exportMax} (narrow the filters)`,
    );
  const empty = kind === 'loss' && filter.logTypes.length === 0;
  const list = empty ? [] : await eventItems(db, project.id, await eventRows(db, q), ctx.language);
  const language = ctx.language;
  const names = NAMES[kind];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(names.sheet[language]);
  const header: string[] = [...(kind === 'summary' ? SUMMARY : kind === 'loss' ? LOSS : DETAIL)[language]];
  const timeColumn = kind === 'detail' ? 3 : kind === 'summary' ? 1 : 0;
  header[timeColumn] = `${header[timeColumn]} (${project.timeZone})`;
  sheet.addRow(header).font = { bold: true };
  for (const e of list) sheet.addRow(rowOf(kind, e, language, project.timeZone));
  sheet.columns.forEach((column, i) => {
    column.width = header[i]?.startsWith(language === 'zh' ? '描述' : 'Description') ? 64 : 20;
  });
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  const stamp = formatTime(ctx.services.clock(), project.timeZone).slice(0, 10).replaceAll('-', '');
  await recordOperation(ctx, {
    operation: 'export',
    object: text('oplog.exportList', { list: kind }),
    description: text('oplog.rows', { count: list.length }),
  });
  ctx.reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(`${names[language]}-${stamp}.xlsx`))
    .send(data);
  return null;
}
