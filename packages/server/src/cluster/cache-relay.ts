/**
 * What servers keep in memory, invalidated across them (ADR 0016): sessions and users
 * (AuthService) and projects (ProjectStore). A change is announced after it is committed; the
 * other servers forget what it touched and read it again. Session revocations are awaited by
 * the request that makes them. While the bus is down, and when it is back, every server forgets
 * everything it keeps (messages may have been missed).
 */
import type { AuthChange } from '../auth/auth-service.js';
import type { Services } from '../services.js';
import type { PostgresBus } from './bus.js';

type Message = { from: string } & (AuthChange | { kind: 'projects' });

export function relayCaches(services: Services, bus: PostgresBus, serverId: string): void {
  const send = (change: AuthChange | { kind: 'projects' }) =>
    bus.send('eem_caches', JSON.stringify({ from: serverId, ...change } satisfies Message));
  services.auth.onChange(send);
  services.projects.onInvalidate(() => send({ kind: 'projects' }));
  bus.onJson<Message>('eem_caches', (message) => {
    if (message.from === serverId) return;
    if (message.kind === 'projects') services.projects.forget();
    else services.auth.forget(message);
  });
  bus.onGap(() => {
    services.auth.forget('all');
    services.projects.forget();
  });
}
