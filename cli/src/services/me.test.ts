import type { ClientOptions } from '@eem/sdk';
import { describe, expect, it } from 'vitest';
import { AuthRequiredError } from '../errors.js';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { demoUser } from '../test-support/fixtures.js';
import { type SentCall, sentWith, signInProfile } from '../test-support/signed-in.js';
import { showMe } from './me.js';

function server() {
  const sent: SentCall[] = [];
  const client = (options: ClientOptions) => ({
    session: {
      async me() {
        sent.push(await sentWith(options, 'me'));
        return demoUser({ projectIds: [1, 2] });
      },
    },
  });
  return { sent, client };
}

describe('me', () => {
  it('prints the user as the server knows them, with every field in json', async () => {
    const { sent, client } = server();
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
    await showMe(ctx, { json: true });
    expect(JSON.parse(io.stdout.text)).toEqual(demoUser({ projectIds: [1, 2] }));
    expect(sent).toEqual([
      { call: 'me', baseUrl: 'http://eem.test:8080', token: 'token-of-default', projectId: 1 },
    ]);
    expect(io.stderr.text).toBe('');
  });

  it('is one tab-separated line in a pipe and a record on a terminal', async () => {
    const { client } = server();
    const pipe = fakeIO({ client });
    const ctx = fakeContext(pipe);
    await signInProfile(ctx);
    await showMe(ctx, { json: false });
    expect(pipe.stdout.text).toBe(
      '3\toperator-sh\tLi Wei\toperator-sh@demo.example\t138****0003\t3\t1\t1,2\tProject operator\tfalse\tgeneral_home,monitor_dashboard\n',
    );

    const tty = fakeIO({
      client,
      tty: true,
      keychain: pipe.keychainImpl,
      env: { XDG_CONFIG_HOME: pipe.configHome, NO_COLOR: '1' },
    });
    await showMe(fakeContext(tty), { json: false });
    expect(tty.stdout.text).toMatch(/^Account +operator-sh$/m);
    expect(tty.stdout.text).toMatch(/^Roles +Project operator$/m);
    expect(tty.stdout.text).toMatch(/^Permissions +2 \(see --json\)$/m);
  });

  it('is exit 4 when not signed in, without calling the server', async () => {
    const { sent, client } = server();
    await expect(showMe(fakeContext(fakeIO({ client })), { json: false })).rejects.toThrow(AuthRequiredError);
    expect(sent).toEqual([]);
  });
});
