/** SDK clients signed in as demo users of a test server. */
import { type Client, createClient } from '@eem/sdk';

export const DEMO_PASSWORD = 'Eem@2026demo';

export interface SignedIn {
  client: Client;
  token: string;
  user: Awaited<ReturnType<Client['login']>>['user'];
}

export async function signIn(
  baseUrl: string,
  account: string,
  options: { password?: string; now?: number; projectId?: number } = {},
): Promise<SignedIn> {
  const session = await createClient({ baseUrl }).login(account, options.password ?? DEMO_PASSWORD, {
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const client = createClient({
    baseUrl,
    token: session.token,
    ...(options.projectId === undefined ? {} : { projectId: options.projectId }),
  });
  return { client, token: session.token, user: session.user };
}
