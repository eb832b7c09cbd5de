/** Enumerations by model label (GET /model/v1/enumerations). */
import { EVENT_CLASS_LABELS, LOG_TYPE_NAMES, ROLE_TYPE_LABELS } from '@eem/core';

type Entry = [id: number, text: string, enText: string];

const fromLabels = (labels: Record<number, readonly [string, string]>): Entry[] =>
  Object.entries(labels).map(([id, [zh, en]]) => [Number(id), zh, en]);

const TABLE: Record<string, Entry[]> = {
  usertype: [
    [0, '普通用户', 'Ordinary user'],
    [3, '项目用户', 'Project user'],
    [4, '项目管理员', 'Project administrator'],
  ],
  roletype: fromLabels(ROLE_TYPE_LABELS),
  eventclass: fromLabels(EVENT_CLASS_LABELS),
  eventstatus: [
    [1, '待处理', 'Pending'],
    [2, '处理中', 'Processing'],
    [3, '已确认', 'Confirmed'],
  ],
  logtype: fromLabels(LOG_TYPE_NAMES),
  datetype: [
    [7, '小时', 'Hour'],
    [1, '日', 'Day'],
    [2, '周', 'Week'],
    [3, '月', 'Month'],
    [5, '年', 'Year'],
  ],
  cycle: [
    [12, '日', 'Day'],
    [13, '周', 'Week'],
    [14, '月', 'Month'],
    [17, '年', 'Year'],
  ],
  projectlevel: [
    [1, '一级', 'Level 1'],
    [2, '二级', 'Level 2'],
    [3, '三级', 'Level 3'],
  ],
  roomtype: [
    [1, '配电室', 'Switch room'],
    [2, '变压器室', 'Transformer room'],
    [3, '机房', 'Equipment room'],
    [4, '办公室', 'Office'],
    [5, '车间', 'Workshop'],
    [6, '泵房', 'Pump room'],
  ],
  voltagelevel: [
    [11, '0.4kV', '0.4 kV'],
    [12, '10kV', '10 kV'],
    [13, '35kV', '35 kV'],
    [14, '110kV', '110 kV'],
  ],
  operationstatus: [
    [1, '投运', 'In operation'],
    [2, '停运', 'Out of operation'],
    [3, '检修', 'Under maintenance'],
  ],
  linefunctiontype: [
    [1, '出线', 'Outgoing line'],
    [2, '联络', 'Tie line'],
    [3, '进线', 'Incoming line'],
  ],
  energytype: [
    [2, '电', 'Electricity'],
    [3, '水', 'Water'],
    [15, '天然气', 'Natural gas'],
    [16, '蒸汽', 'Steam'],
    [18, '压缩空气', 'Compressed air'],
    [13, '标准煤', 'Standard coal'],
  ],
  dutytype: [
    [0, '无', 'None'],
    [1, '巡检', 'Inspect'],
    [2, '维修', 'Repair'],
  ],
  usergrouptype: [
    [1, '运维班组', 'Operations team'],
    [2, '普通组', 'Ordinary group'],
  ],
};

export function enumerations(): {
  modelLabel: string;
  enums: { id: number; text: string; enText: string }[];
}[] {
  return Object.entries(TABLE).map(([modelLabel, entries]) => ({
    modelLabel,
    enums: entries.map(([id, text, enText]) => ({ id, text, enText })),
  }));
}
