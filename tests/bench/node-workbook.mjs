// The workbook of the node-import benchmark: a site of exactly `total` nodes in the template's
// sheets and columns (header rows taken from the server's template), parents before children:
// buildings, floors, rooms (every room type), cabinets and transformers, line segments, meters
// of several energy types, devices, and pipe networks with pipes, valves, pumps and meters.
// Enumeration cells hold the number, the Chinese or the English text, as people fill them in.
import ExcelJS from 'exceljs';

const ROOM_TYPES = [1, '配电室', 'Office', 'workshop', 3, '泵房'];
const ENERGY = [2, '电', 'Electricity', 3, '水', 'Water', 15];
const VOLTAGE = [11, '10kV', '0.4 kV', 12];
const STATUS = [1, '投运', 'In operation', '检修'];
const LINE_FUNCTION = [1, '出线', 'Tie line', 3];
const MEDIUM = ['水', 'Natural gas', 16, 'Compressed air'];
const DEVICES = [
  ['Air compressor', 'Atlas Copco', 'GA75'],
  ['Chiller', 'Carrier', '30XW'],
  ['Boiler', 'Viessmann', 'Vitoplex 200'],
  ['Cooling tower', 'BAC', 'S3000E'],
];

const pad = (n, width = 2) => String(n).padStart(width, '0');
const pick = (list, i) => list[i % list.length];

/**
 * The rows of the site by model label (no header), `prefix` naming the buildings and networks
 * so that several imports into one project do not collide.
 */
export function siteRows(total, prefix = 'Bench') {
  const rows = {
    building: [],
    floor: [],
    room: [],
    cabinet: [],
    transformer: [],
    linesegment: [],
    meter: [],
    device: [],
    pipenetwork: [],
    pipe: [],
    valve: [],
    pump: [],
  };
  const lineSegments = [];
  for (let b = 1; b <= 8; b++) {
    const building = `${prefix} Building ${pad(b)}`;
    rows.building.push(['', building, `B${pad(b)}`, 2000 + b * 125.5]);
    for (let f = 1; f <= 8; f++) {
      const floor = `${building} / F${f}`;
      rows.floor.push([building, `F${f}`, `B${pad(b)}-F${f}`]);
      for (let r = 1; r <= 10; r++) {
        const roomName = `Room ${f}${pad(r)}`;
        const room = `${floor} / ${roomName}`;
        const code = `B${pad(b)}-${f}${pad(r)}`;
        rows.room.push([floor, roomName, code, pick(ROOM_TYPES, b + f + r)]);
        rows.meter.push([room, 'Water meter', `${code}-W`, pick(['水', 'Water', 3], r), 1]);
        const [device, maker, model] = pick(DEVICES, b + r);
        rows.device.push([room, device, `${code}-D`, maker, model, pick(STATUS, r)]);
        for (let c = 1; c <= 3; c++) {
          const cabinet = `${room} / Cabinet ${c}`;
          rows.cabinet.push([room, `Cabinet ${c}`, `${code}-C${c}`]);
          rows.device.push([cabinet, 'Protection relay', `${code}-C${c}-P`, 'ABB', 'REF615', 1]);
          for (let l = 1; l <= 3; l++) {
            const name = `Line ${c}${l}`;
            rows.linesegment.push([
              cabinet,
              name,
              `${code}-L${c}${l}`,
              pick(VOLTAGE, l + c),
              pick(STATUS, l),
              pick(LINE_FUNCTION, l + r),
            ]);
            lineSegments.push(`${cabinet} / ${name}`);
          }
        }
        if (r % 5 === 2) {
          const transformer = `${room} / Transformer 1`;
          rows.transformer.push([room, 'Transformer 1', `${code}-T1`, 1250, pick(VOLTAGE, r)]);
          for (let l = 1; l <= 2; l++) {
            rows.linesegment.push([transformer, `Feeder ${l}`, `${code}-T1-${l}`, 12, 1, 3]);
            lineSegments.push(`${transformer} / Feeder ${l}`);
          }
        }
      }
    }
  }
  for (const [i, segment] of lineSegments.entries()) {
    rows.meter.push([segment, 'Meter', `M${pad(i + 1, 5)}`, pick(ENERGY, i), pick([1, 40, 80.5, 200], i)]);
  }
  for (let n = 1; n <= 4; n++) {
    const network = `${prefix} Network ${n}`;
    rows.pipenetwork.push(['', network, `N${n}`, pick(MEDIUM, n - 1)]);
    for (let p = 1; p <= 25; p++) {
      const main = `${network} / Main ${pad(p)}`;
      rows.pipe.push([network, `Main ${pad(p)}`, `N${n}-${pad(p)}`, 300]);
      rows.valve.push([main, 'Valve', `N${n}-${pad(p)}-V`]);
      rows.pump.push([main, 'Pump', `N${n}-${pad(p)}-P`, 55.5]);
      for (let s = 1; s <= 3; s++) {
        const branch = `${main} / Branch ${s}`;
        rows.pipe.push([main, `Branch ${s}`, `N${n}-${pad(p)}-${s}`, 100]);
        rows.valve.push([branch, 'Valve', `N${n}-${pad(p)}-${s}-V`]);
        rows.meter.push([branch, 'Flow meter', `N${n}-${pad(p)}-${s}-M`, pick([3, 15, 16, 18], n - 1), 1]);
      }
    }
  }
  // Fill up to exactly `total` with a second meter on line segments.
  let count = Object.values(rows).reduce((n, list) => n + list.length, 0);
  for (let i = 0; count < total; i++, count++) {
    const segment = lineSegments[i % lineSegments.length];
    rows.meter.push([segment, 'Check meter', `K${pad(i + 1, 5)}`, 2, 1]);
  }
  if (count !== total) throw new Error(`the site has ${count} nodes, more than ${total}`);
  return rows;
}

/** The template's node sheets: [sheet name, header cells] in template order, from its bytes. */
export async function templateSheets(template) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template);
  const sheets = [];
  for (const sheet of book.worksheets) {
    const header = sheet.getRow(1).values.slice(1).map(String);
    if (header[0]?.includes('Parent path')) sheets.push([sheet.name, header]);
  }
  return sheets;
}

const LABELS = {
  Building: 'building',
  Floor: 'floor',
  Room: 'room',
  Cabinet: 'cabinet',
  Transformer: 'transformer',
  'Line segment': 'linesegment',
  Meter: 'meter',
  Device: 'device',
  'Pipe network': 'pipenetwork',
  Pipe: 'pipe',
  Valve: 'valve',
  Pump: 'pump',
};

/** The model label of a template sheet name ('建筑 Building'). */
export function labelOfSheet(name) {
  const label = LABELS[name.slice(name.indexOf(' ') + 1)];
  if (!label) throw new Error(`unknown template sheet ${name}`);
  return label;
}

/** The workbook (xlsx bytes) of `total` nodes in the template's sheets and columns. */
export async function nodeWorkbook(template, total, prefix) {
  const rows = siteRows(total, prefix);
  const book = new ExcelJS.Workbook();
  for (const [name, header] of await templateSheets(template)) {
    const data = rows[labelOfSheet(name)];
    if (data.some((row) => row.length !== header.length))
      throw new Error(`sheet ${name}: the rows do not fit the template's ${header.length} columns`);
    const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow(header).font = { bold: true };
    for (const row of data) sheet.addRow(row);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}
