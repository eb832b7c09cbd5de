/** Helpers of the administration tests: sign-ins with fresh timestamps and raw HTTP calls. */
import { type SignedIn, signIn } from '../support/clients.js';
import type { InProcessServer } from '../support/server.js';

export const PASSWORD = 'Eem@2026demo';

/** Signs in with a timestamp never used before (several sign-ins of one account in a test). */
export function login(
  server: InProcessServer,
  account: string,
  options: { password?: string; projectId?: number } = {},
): Promise<SignedIn> {
  return signIn(server.url, account, { ...options, now: server.stamp() });
}

/** Signs in several accounts at once; the answer has one session per name, in order. */
export function loginAll<const Names extends readonly string[]>(
  server: InProcessServer,
  names: Names,
): Promise<{ [K in keyof Names]: SignedIn }> {
  return Promise.all(names.map((name) => login(server, name))) as Promise<{ [K in keyof Names]: SignedIn }>;
}

/**
 * The demo accounts the administration tests play, in this order: platform administrator,
 * tenant administrator, Shanghai operator, Beijing manager, inspector, Chicago operator.
 */
export const DEMO_CAST = [
  'admin',
  'tenant-admin',
  'operator-sh',
  'manager-bj',
  'inspector',
  'operator-chi',
] as const;

export function projectId(server: InProcessServer, code: string): number {
  const id = server.world.projects[code];
  if (id === undefined) throw new Error(`no project ${code}`);
  return id;
}

export function tenantId(server: InProcessServer, name: string): number {
  const id = server.world.tenants[name];
  if (id === undefined) throw new Error(`no tenant ${name}`);
  return id;
}

export function userId(server: InProcessServer, name: string): number {
  const id = server.world.users[name];
  if (id === undefined) throw new Error(`no user ${name}`);
  return id;
}

/** A call around the SDK (its own input checks), to prove the server refuses the same input. */
export async function raw(
  server: InProcessServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; code: number; msg: string; data: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: unknown };
  return { status: response.status, ...envelope };
}

/** The rejection's message (SDK errors carry the server's or the contract's `msg`). */
export async function refusal(promise: Promise<unknown>): Promise<{ name: string; msg: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { name?: string; msg?: string; message?: string };
    return { name: e.name ?? 'Error', msg: e.msg ?? e.message ?? '' };
  }
  throw new Error('expected the call to be refused');
}
