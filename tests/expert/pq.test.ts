/**
 * Power-quality events over HTTP: the seeded week of events with type, magnitude and duration
 * band filters and the 31-day limit, a recording's channels and lengths and the sag in it,
 * the COMTRADE zip (unzipped with jszip: the .cfg lines and as many .dat rows as samples),
 * a page's recordings in one call (pq.waveRms: the RMS pq.wave gives, bounded to a page),
 * and another project's events never answered.
 */
import { PQ_WAVE_BATCH_MAX, type PqEvent } from '@eem/contract';
import { NotFoundError } from '@eem/sdk';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, refusal } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let manager: SignedIn;
let chicago: SignedIn;
let range: { startTime: number; endTime: number };
let all: PqEvent[];
const DAY = 86_400_000;

async function query(client: SignedIn, body: object = {}) {
  return client.client.pq.events({ body: { ...range, page: { index: 0, limit: 1000 }, ...body } });
}

beforeAll(async () => {
  server = await startInProcessServer();
  [manager, chicago] = await Promise.all([
    login(server, 'manager-bj', { projectId: projectId(server, 'BE-01') }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
  ]);
  const now = server.now();
  range = { startTime: now - 8 * DAY, endTime: now + 1 };
  all = (await query(manager)).list;
});

afterAll(async () => {
  await server?.stop();
});

describe('PQ events', () => {
  it('are seeded for the electric meters over the last days, newest first', () => {
    expect(all.length).toBeGreaterThanOrEqual(14);
    expect(all.filter((e) => e.type === 'sag').length).toBeGreaterThan(all.length / 3);
    const times = all.map((e) => e.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const e of all) {
      expect(e.nodeName).toMatch(/^Meter /);
      expect(e.phase).toMatch(/^[ABC]{1,3}$/);
      expect(e.itic).toMatch(/^(ok|prohibited|noDamage)$/);
    }
    const sag = all.find((e) => e.type === 'sag' && e.durationMs > 20 && e.magnitude < 70);
    if (sag) expect(sag.itic).toBe('noDamage');
  });

  it('filter by type, node, magnitude and duration bands, and page', async () => {
    const sags = await query(manager, { types: ['sag'] });
    expect(sags.total).toBe(all.filter((e) => e.type === 'sag').length);
    expect(sags.list.every((e) => e.type === 'sag')).toBe(true);
    const band = await query(manager, { magnitudeMin: 50, magnitudeMax: 80 });
    expect(band.list.every((e) => e.magnitude >= 50 && e.magnitude <= 80)).toBe(true);
    expect(band.total).toBe(all.filter((e) => e.magnitude >= 50 && e.magnitude <= 80).length);
    const long = await query(manager, { durationMinMs: 100, durationMaxMs: 1000 });
    expect(long.total).toBe(all.filter((e) => e.durationMs >= 100 && e.durationMs <= 1000).length);
    const nodeId = all[0]?.nodeId ?? 0;
    const ofNode = await query(manager, { nodeIds: [nodeId] });
    expect(ofNode.total).toBe(all.filter((e) => e.nodeId === nodeId).length);
    const page = await query(manager, { page: { index: 1, limit: 3 } });
    expect(page.total).toBe(all.length);
    expect(page.list.map((e) => e.id)).toEqual(all.slice(3, 6).map((e) => e.id));
  });

  it('refuse spans over 31 days and bands upside down', async () => {
    const now = server.now();
    const over = refusal(query(manager, { startTime: now - 40 * DAY, endTime: now }));
    expect((await over).msg).toBe('body.endTime: the query span cannot exceed 31 days');
    expect((await refusal(query(manager, { magnitudeMin: 90, magnitudeMax: 10 }))).msg).toBe(
      'body.magnitudeMax: the maximum must not be below the minimum',
    );
    expect((await refusal(query(manager, { startTime: now, endTime: now - 1 }))).msg).toBe(
      'body.endTime: end time must be later than start time',
    );
  });
});

describe('recordings', () => {
  it('have six channels of equal length with the sag in the half-cycle RMS', async () => {
    const sag =
      all.find((e) => e.type === 'sag' && e.phase.length === 1) ?? all.find((e) => e.type === 'sag');
    expect(sag).toBeDefined();
    const wave = await manager.client.pq.wave({ body: { eventId: sag?.eventId ?? 0 } });
    expect(wave.eventId).toBe(sag?.eventId);
    expect(wave.sampleRate).toBe(3200);
    expect(wave.nominalVoltage).toBe(230);
    expect(wave.startTime).toBe((sag?.time ?? 0) - 200);
    expect(wave.channels.map((c) => `${c.name} ${c.unit}`)).toEqual([
      'Ua V',
      'Ub V',
      'Uc V',
      'Ia A',
      'Ib A',
      'Ic A',
    ]);
    const expected = Math.min(3200, 640 + Math.round(((sag?.durationMs ?? 0) * 3200) / 1000) + 640);
    for (const c of wave.channels) {
      expect(c.samples).toHaveLength(expected);
      expect(c.rms).toHaveLength(expected);
    }
    const phase = sag?.phase[0] ?? 'A';
    const affected = wave.channels[['A', 'B', 'C'].indexOf(phase)];
    const residual = (Math.min(...(affected?.rms ?? [])) / 230) * 100;
    expect(Math.abs(residual - (sag?.magnitude ?? 0))).toBeLessThan(3);
    expect((affected?.rms[320] ?? 0) / 230).toBeCloseTo(1, 1);
    // The same recording every time.
    expect(await manager.client.pq.wave({ body: { eventId: sag?.eventId ?? 0 } })).toEqual(wave);
  });

  it('download as COMTRADE 1999 in a zip named by node and time', async () => {
    const event = all[0] as PqEvent;
    const file = await manager.client.pq.waveDownload.download({
      body: { eventId: event.eventId },
    });
    expect(file.filename).toMatch(/^Meter_.+_\d{8}_\d{6}\.zip$/);
    expect(file.contentType).toBe('application/zip');
    const zip = await JSZip.loadAsync(await file.arrayBuffer());
    const names = Object.keys(zip.files).sort();
    const base = file.filename.replace(/\.zip$/, '');
    expect(names).toEqual([`${base}.cfg`, `${base}.dat`]);
    const cfg = (await zip.file(`${base}.cfg`)?.async('string'))?.split('\r\n') ?? [];
    const dat = (await zip.file(`${base}.dat`)?.async('string'))?.trimEnd().split('\r\n') ?? [];
    expect(cfg[0]).toBe(`${event.nodeName.replaceAll(',', '_')},EEM-${event.nodeId},1999`);
    expect(cfg[1]).toBe('6,6A,0D');
    expect(cfg.slice(2, 8).map((l) => l.split(',').slice(1, 5).join(','))).toEqual([
      'Ua,A,,V',
      'Ub,B,,V',
      'Uc,C,,V',
      'Ia,A,,A',
      'Ib,B,,A',
      'Ic,C,,A',
    ]);
    expect(cfg[8]).toBe('50');
    expect(cfg[9]).toBe('1');
    const [rate, count] = (cfg[10] ?? '').split(',').map(Number);
    expect(rate).toBe(3200);
    expect(cfg[11]).toMatch(/^\d\d\/\d\d\/\d{4},\d\d:\d\d:\d\d\.\d{6}$/);
    expect(cfg[13]).toBe('ASCII');
    expect(dat).toHaveLength(count ?? -1);
    expect(dat.every((row) => row.split(',').length === 8)).toBe(true);
    const wave = await manager.client.pq.wave({ body: { eventId: event.eventId } });
    expect(count).toBe(wave.channels[0]?.samples.length);
  });
});

describe('a page of recordings in one call', () => {
  it('answers the RMS pq.wave gives, in the order asked, duplicates once', async () => {
    const ids = all.slice(0, 5).map((e) => e.eventId);
    expect(ids.length).toBe(5);
    const asked = [...ids].reverse();
    const { list } = await manager.client.pq.waveRms({ body: { eventIds: [...asked, asked[0] ?? 0] } });
    expect(list.map((w) => w.eventId)).toEqual(asked);
    const one = await manager.client.pq.wave({ body: { eventId: asked[0] ?? 0 } });
    expect(list[0]).toEqual({
      eventId: one.eventId,
      nominalVoltage: one.nominalVoltage,
      channels: one.channels.map((c) => ({ name: c.name, unit: c.unit, rms: c.rms })),
    });
  });

  it('is bounded to a page and needs one event', async () => {
    const tooMany = Array.from({ length: PQ_WAVE_BATCH_MAX + 1 }, (_, i) => i + 1);
    expect((await refusal(manager.client.pq.waveRms({ body: { eventIds: tooMany } }))).msg).toContain(
      `eventIds: at most ${PQ_WAVE_BATCH_MAX} events`,
    );
    expect((await refusal(manager.client.pq.waveRms({ body: { eventIds: [] } }))).msg).toContain(
      'eventIds: name at least one event',
    );
  });
});

describe('another project', () => {
  it('never answers its events, recordings or downloads', async () => {
    const theirs = await query(chicago);
    const ours = new Set(all.map((e) => e.eventId));
    expect(theirs.list.length).toBeGreaterThan(0);
    expect(theirs.list.some((e) => ours.has(e.eventId))).toBe(false);
    const eventId = all[0]?.eventId ?? 0;
    const message = `event ${eventId} does not exist in this project`;
    await expect(chicago.client.pq.wave({ body: { eventId } })).rejects.toBeInstanceOf(NotFoundError);
    expect((await refusal(chicago.client.pq.wave({ body: { eventId } }))).msg).toBe(message);
    expect((await refusal(chicago.client.pq.waveDownload.download({ body: { eventId } }))).msg).toBe(message);
    expect((await chicago.client.pq.waveRms({ body: { eventIds: [eventId] } })).list).toEqual([]);
    const other = await query(manager, { nodeIds: [theirs.list[0]?.nodeId ?? 0] });
    expect(other.total).toBe(0);
  });
});
