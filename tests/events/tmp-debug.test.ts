import { it } from 'vitest';
import { startInProcessServer, tempDir } from '../support/server.js';
it('debug', async () => {
  const dataDir = tempDir('dbg');
  const first = await startInProcessServer({ dataDir });
  const now = first.now();
  const adminId = first.world.users.admin as number;
  await first.close();
  const t0 = Date.now();
  const server = await startInProcessServer({ dataDir, start: now, config: { simulator: true, noticeIntervalMs: 200 } });
  console.log('started', Date.now() - t0);
  const db = server.services.db;
  let marker = false;
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const m = await db.selectFrom('settings').select('value').where('key', '=', 'simulator.alarms').executeTakeFirst();
    const n = await server.services.notices.lastId(adminId);
    const e = await db.selectFrom('events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const s = await db.selectFrom('alarm_schemes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    if (i % 10 === 0) console.log('t', Date.now() - t0, 'marker', !!m, 'admin last', n, 'events', e?.n, 'schemes', s?.n);
    if (m && !marker) { marker = true; console.log('marker', Date.now() - t0, m.value); }
  }
  await server.stop();
}, 60_000);
