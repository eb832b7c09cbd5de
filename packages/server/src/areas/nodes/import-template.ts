/**
 * The node import template (xlsx): one sheet per node type ('建筑 Building'), a frozen header
 * row of 'zh en' names (上级路径 Parent path, 名称 Name, the type's fields), and for every
 * enumeration column a list of its Chinese and English texts. scope network: the pipe-network
 * types and the meter and device sheets (for meters and devices under pipe-network nodes).
 */
import { NODE_ENUMS, type NodeEnumName, PATH_SEPARATOR } from '@eem/core';
import ExcelJS from 'exceljs';
import { bilingual, importColumns, sheetName, typesOfScope } from './import-columns.js';
import { TEMPLATE_ROWS } from './import-limits.js';

/** exceljs keeps range data validations on the worksheet; its typings leave the property out. */
interface WithValidations {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
}

function hasValidations(sheet: ExcelJS.Worksheet): sheet is ExcelJS.Worksheet & WithValidations {
  return 'dataValidations' in sheet;
}

/** The texts a cell of an enumeration may hold: the Chinese ones, then the English ones. */
export function enumChoices(name: NodeEnumName): string[] {
  const entries = Object.values(NODE_ENUMS[name]);
  return [...entries.map(([zh]) => zh), ...entries.map(([, en]) => en)];
}

const INSTRUCTIONS = [
  ['说明 Instructions'],
  ['每个节点类型一个工作表；第一行是表头，请勿修改。One sheet per node type; keep the header row as it is.'],
  [
    `上级路径：从项目往下的名称，用“${PATH_SEPARATOR}”连接；留空表示项目本身。Parent path: the names from the project down, joined by '${PATH_SEPARATOR}'; empty means the project itself.`,
  ],
  [
    '上级可以是已有节点，也可以是本工作簿中任一工作表的行。A parent may be an existing node or a row of any sheet of this workbook.',
  ],
  [
    '名称：1 到 50 个字符，不含特殊字符；同一上级下不能重名。Name: 1 to 50 characters without special characters, unique under its parent.',
  ],
  ['枚举列可填编号、中文或英文。Enumeration columns take the number, the Chinese or the English text.'],
  [
    '管网导入中，表计和设备只能挂在管网或管道下；其他表计和设备请在项目批量配置中导入。In the pipe-network import, meters and devices go under a pipe network or pipe only; import the others on the batch configuration.',
  ],
  [
    '有一行出错则全部不导入，并生成带“错误 Error”列的报告。One bad row imports nothing and yields a report with an 错误 Error column.',
  ],
];

export async function importTemplate(scope: 'all' | 'network'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const types = typesOfScope(scope);
  for (const type of types) {
    const sheet = workbook.addWorksheet(sheetName(type), { views: [{ state: 'frozen', ySplit: 1 }] });
    const columns = importColumns(type);
    sheet.columns = columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.key === 'parentPath' ? 40 : 22,
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
    for (const [i, column] of columns.entries()) {
      const cell = header.getCell(i + 1);
      const required = column.key === 'name' || column.field?.required === true;
      if (required) cell.note = '必填 Required';
      const enumeration = column.field?.enumeration;
      if (!enumeration || !hasValidations(sheet)) continue;
      const letter = sheet.getColumn(i + 1).letter;
      sheet.dataValidations.add(`${letter}2:${letter}${TEMPLATE_ROWS + 1}`, {
        type: 'list',
        allowBlank: !required,
        formulae: [`"${enumChoices(enumeration).join(',')}"`],
        showErrorMessage: true,
        errorTitle: bilingual(column.field?.label ?? ['值', 'Value']),
        error: '请从列表中选择 Choose a value from the list',
      });
    }
  }
  const help = workbook.addWorksheet('说明 Instructions');
  help.columns = [{ width: 120 }];
  for (const line of INSTRUCTIONS) help.addRow(line);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
