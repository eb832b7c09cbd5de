import { it } from 'vitest';
import { startServer, sendJson } from './test-support/http-server.js';
import { createUndiciTransport } from './undici-transport.js';
it('ka', async () => {
  const s = await startServer();
  s.routes.set('/a', (_q, r) => sendJson(r, { code: 0 }));
  const t = createUndiciTransport();
  for (let i = 0; i < 3; i++) { const r = await t.send({ method: 'GET', url: s.url + '/a', headers: {Accept: 'application/json', 'Accept-Language': 'en-US'}, timeoutMs: 1000, signal: new AbortController().signal }); console.log(r.status, r.headers.get('connection'), await r.text()); }
  console.log(s.requests.map((r) => r.remotePort));
  await s.close();
});
