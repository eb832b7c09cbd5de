// Authenticated GET project/project against the reference server, beside a bare Fastify
// handler answering the same envelope. Target: the server reaches at least half the baseline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@eem/sdk';
import { measureRps } from './load.mjs';
import { spawnListening } from './spawn.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const PATH = '/eem-service/v1/project/project?system=cloud';

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eem-bench-'));
  const server = spawnListening([join(here, '../../packages/server/dist/main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_DEMO: 'on',
    EEM_SIMULATOR: 'off',
    EEM_HISTORY_DAYS: '0',
  });
  const serverUrl = await server.url;
  const client = createClient({ baseUrl: serverUrl });
  const session = await client.login('admin', 'Eem@2026demo');
  const authed = createClient({ baseUrl: serverUrl, token: session.token });
  const projects = await authed.projects.projects({ query: { system: 'cloud' } });

  const bare = spawnListening([join(here, 'bare-fastify.mjs')], { BENCH_BODY: JSON.stringify(projects) });
  const bareUrl = await bare.url;

  const headers = { authorization: `Bearer ${session.token}` };
  // Alternate the two so machine noise falls on both alike.
  const ours = [];
  const base = [];
  for (let round = 0; round < 2; round++) {
    base.push(await measureRps(bareUrl, { path: PATH, seconds: 4 }));
    ours.push(await measureRps(serverUrl, { path: PATH, headers, seconds: 4 }));
  }
  await bare.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const best = (runs) => Math.max(...runs.map((r) => r.rps));
  const errors = [...ours, ...base].reduce((n, r) => n + r.errors, 0);
  const ratio = best(ours) / best(base);
  return {
    name: 'project-rps',
    title: 'Authenticated project list, requests per second',
    description:
      'GET /eem-service/v1/project/project with a Bearer token (session lookup, permission check, database read, contract check of the answer), 32 connections on loopback, best of 2 rounds of 4 s, alternating with a bare Fastify handler that answers the same envelope without auth or database.',
    rows: [
      { case: 'bare Fastify handler (baseline)', value: best(base), unit: 'req/s' },
      {
        case: 'eem-server project/project',
        value: best(ours),
        unit: 'req/s',
        baseline: best(base),
        ratio,
        target: '≥ 0.5 × baseline',
        met: ratio >= 0.5,
      },
      { case: 'failed requests', value: errors, unit: 'count', target: '0', met: errors === 0 },
    ],
  };
}
