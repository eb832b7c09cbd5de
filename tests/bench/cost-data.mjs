// The data set of the cost benchmark (cost.mjs): a 2,000-node project with a month of readings,
// written in bulk into the stopped server's SQLite file (better-sqlite3, one transaction per
// table chunk). Shanghai Plant of the demo gets buildings → floors → rooms → meters up to
// 2,000 nodes in all; each meter measures electricity (most), water or natural gas with an
// hourly counter from a day before the month to its end, and the hour and day rollups the
// server keeps (rollupsOf) and, for electricity, the time-of-use rollups of the project's
// scheme (touRollupsOf), as the simulator writes them.
import { bucketStarts, localParts, touCalendar } from '@eem/core';
import Database from 'better-sqlite3';
import { rollupsOf, touRollupsOf } from '../../packages/server/dist/areas/datalog/rollups.js';

export const NODES = 2_000;
export const TZ = 'Asia/Shanghai';
const H = 3_600_000;
const BUILDINGS = 10;
const FLOORS = 5; // per building
const ROOMS = 4; // per floor
/** The counter quantity of each metered energy type (core's ENERGY_TYPES dataId). */
const DATA_ID = { 2: 1000, 3: 4000, 15: 4001 };

/** The project's time-of-use scheme (bound to node 0) and a band per instant. */
export function projectBands(db, projectId) {
  const row = db
    .prepare(
      'select v.scheme_id, v.definition from tou_versions v join tou_bindings b on b.scheme_id = v.scheme_id where b.project_id = ? and b.node_id = 0 and v.effective_to is null',
    )
    .get(projectId);
  if (!row) throw new Error('the project has no time-of-use scheme bound');
  const calendar = touCalendar(JSON.parse(row.definition));
  return { schemeId: row.scheme_id, bandAt: (ts) => calendar.bandAt(localParts(ts, TZ)) };
}

/** The energy type of meter k: 8 of 10 electricity, 1 water, 1 natural gas. */
export const meterType = (k) => (k % 10 === 8 ? 3 : k % 10 === 9 ? 15 : 2);

/** The hourly use of meter k in the hour starting at ts: a base, a working-day hump, noise. */
function useAt(k, type, ts) {
  const hour = localParts(ts, TZ).hour;
  const scale = type === 2 ? 20 + (k % 17) : type === 3 ? 0.8 + (k % 5) * 0.1 : 2 + (k % 7) * 0.3;
  const day = hour >= 8 && hour < 20 ? Math.sin(((hour - 8) / 12) * Math.PI) * 1.5 : 0;
  const noise = ((ts / H) * 7919 + k * 104_729) % 13;
  return Math.round(scale * (1 + day + noise / 40) * 1000) / 1000;
}

/**
 * Writes the tree and the readings: nodes up to NODES in the project (counting those it has),
 * a counter point per meter with hourly readings over [start, end), and their rollups.
 * Returns the meters ({ nodeId, pointId, type, roomId }) and the new non-meter nodes.
 */
export function writeProject(file, projectId, start, end) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const { bandAt } = projectBands(db, projectId);
  const existing = db.prepare('select count(*) as n from nodes where project_id = ?').get(projectId).n;
  const now = Date.now();
  const insertNode = db.prepare(
    'insert into nodes (project_id, parent_id, model_label, name, attributes, sort, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertPoint = db.prepare(
    'insert into datalog_points (project_id, node_id, data_id, created_at) values (?, ?, ?, ?)',
  );
  const holders = { buildings: [], floors: [], rooms: [] };
  const meters = [];
  const meterCount = NODES - existing - BUILDINGS * (1 + FLOORS * (1 + ROOMS));
  if (meterCount <= 0) throw new Error(`the project has ${existing} nodes already`);
  db.transaction(() => {
    let sort = 300_000;
    const node = (parent, label, name, attributes = {}) =>
      Number(
        insertNode.run(projectId, parent, label, name, JSON.stringify(attributes), sort++, now, now)
          .lastInsertRowid,
      );
    for (let b = 0; b < BUILDINGS; b++) {
      const building = node(0, 'building', `Cost bench building ${b + 1}`, { area: 5000 + 100 * b });
      holders.buildings.push(building);
      for (let f = 0; f < FLOORS; f++) {
        const floor = node(building, 'floor', `Floor ${f + 1}`);
        holders.floors.push(floor);
        for (let r = 0; r < ROOMS; r++) holders.rooms.push(node(floor, 'room', `Room ${f + 1}0${r + 1}`));
      }
    }
    for (let k = 0; k < meterCount; k++) {
      const roomId = holders.rooms[k % holders.rooms.length];
      const type = meterType(k);
      const nodeId = node(roomId, 'meter', `Meter ${k + 1}`, { energytype: type, ratio: 1 });
      const pointId = Number(insertPoint.run(projectId, nodeId, DATA_ID[type], start).lastInsertRowid);
      meters.push({ nodeId, pointId, type, roomId, k });
    }
  })();

  const hours = bucketStarts(start, end, '1h', TZ);
  const days = bucketStarts(start, end, '1d', TZ);
  const insertReading = db.prepare('insert into readings (point_id, ts, value) values (?, ?, ?)');
  const insertRollup = db.prepare(
    'insert into reading_rollups (point_id, grain, ts, n, sum, min, max, last, delta) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertTou = db.prepare(
    'insert into tou_rollups (project_id, point_id, grain, ts, band, delta) values (?, ?, ?, ?, ?, ?)',
  );
  let readings = 0;
  const CHUNK = 100;
  for (let c = 0; c < meters.length; c += CHUNK) {
    db.transaction(() => {
      for (const m of meters.slice(c, c + CHUNK)) {
        const values = [];
        let total = 1000 * (m.k + 1);
        for (let ts = start; ts < end; ts += H) {
          total = Math.round((total + useAt(m.k, m.type, ts)) * 1000) / 1000;
          values.push({ ts, value: total });
        }
        for (const r of values) insertReading.run(m.pointId, r.ts, r.value);
        readings += values.length;
        for (const r of [
          ...rollupsOf(m.pointId, 1, values, hours, undefined),
          ...rollupsOf(m.pointId, 2, values, days, undefined),
        ])
          insertRollup.run(r.point_id, r.grain, r.ts, r.n, r.sum, r.min, r.max, r.last, r.delta);
        if (m.type === 2)
          for (const r of touRollupsOf(projectId, m.pointId, values, hours, days, undefined, bandAt))
            insertTou.run(r.project_id, r.point_id, r.grain, r.ts, r.band, r.delta);
      }
    })();
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  const total = db.prepare('select count(*) as n from nodes where project_id = ?').get(projectId).n;
  db.close();
  return { meters, holders, readings, nodes: total, bandAt };
}
