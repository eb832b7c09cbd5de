import type { MenuItem, NavMenu } from '@eem/core';
import type { ClientOptions } from '@eem/sdk';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { demoUser } from '../test-support/fixtures.js';
import { type SentCall, sentWith, signInProfile } from '../test-support/signed-in.js';
import { showMenu } from './menu.js';

const page = (label: string, enLabel: string, location: string, permission: string): MenuItem => ({
  label,
  enLabel,
  type: 'menuItem',
  Module: 'fw',
  location,
  permission,
});

const nav: NavMenu = {
  mainMenu: [
    {
      label: '首页',
      enLabel: 'Home',
      type: 'subMenu',
      Module: 'fw',
      subMenuList: [
        page('概览', 'Overview', '/home', 'general_home'),
        page('看板', 'Dashboard', '/dashboard', 'monitor_dashboard'),
      ],
    },
    {
      label: '系统',
      enLabel: 'System',
      type: 'subMenu',
      Module: 'fw',
      subMenuList: [page('用户管理', 'Users', '/usermanage', 'system_usermanage')],
    },
  ],
  adminMenu: [
    { ...page('项目导航', 'Project navigation', '/projectnavigation', 'platform_nav'), Module: 'pf' },
  ],
};

function server(user = demoUser(), platformMode = true) {
  const sent: SentCall[] = [];
  const client = (options: ClientOptions) => {
    const record = async <T>(call: string, value: T) => {
      sent.push(await sentWith(options, call));
      return value;
    };
    return {
      session: { me: () => record('me', user) },
      shell: {
        systemInfo: () => record('systemInfo', { platformMode }),
        navmenu: () => record('navmenu', nav),
      },
    };
  };
  return { sent, client };
}

const ADMIN = demoUser({
  name: 'admin',
  usertype: 0,
  root: true,
  permissions: ['platform_nav', 'general_home'],
});

describe('menu', () => {
  it('shows the project menu (fw) of a project user, filtered by the user permissions', async () => {
    const { client } = server();
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
    await showMenu(ctx, { json: false });
    expect(io.stdout.text).toBe(
      [
        'Home\t\t\tfw',
        'Home / Overview\t/home\tgeneral_home\tfw',
        'Home / Dashboard\t/dashboard\tmonitor_dashboard\tfw',
        '',
      ].join('\n'),
    );
    expect(io.stdout.text).not.toContain('/usermanage');
  });

  it('shows the platform menu (pf) for the administrator without a project, and fw in a project', async () => {
    const { client } = server(ADMIN);
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { account: 'admin', usertype: 0 });
    await showMenu(ctx, { json: true });
    const pf = JSON.parse(io.stdout.text);
    expect(pf.module).toBe('pf');
    expect(pf.menu.map((m: MenuItem) => m.location)).toEqual(['/projectnavigation']);

    const inProject = fakeIO({
      client,
      keychain: io.keychainImpl,
      env: { XDG_CONFIG_HOME: io.configHome, EEM_PROJECT: '1' },
    });
    await showMenu(fakeContext(inProject), { json: true });
    expect(JSON.parse(inProject.stdout.text).module).toBe('fw');
    const forced = fakeIO({
      client,
      keychain: io.keychainImpl,
      env: { XDG_CONFIG_HOME: io.configHome, EEM_PROJECT: '1' },
    });
    await showMenu(fakeContext(forced), { json: true, module: 'pf' });
    expect(JSON.parse(forced.stdout.text).module).toBe('pf');
  });

  it('labels in Chinese with EEM_LANG=zh', async () => {
    const { client } = server();
    const io = fakeIO({ client, env: { EEM_LANG: 'zh-CN' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    await showMenu(ctx, { json: false });
    expect(io.stdout.text.split('\n')[1]).toBe('首页 / 概览\t/home\tgeneral_home\tfw');
  });

  it('indents a table on a terminal and counts the pages', async () => {
    const { client } = server();
    const io = fakeIO({ client, tty: true, env: { NO_COLOR: '1' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    await showMenu(ctx, { json: false });
    const lines = io.stdout.text.split('\n');
    expect(lines[0]).toMatch(/^MENU +ROUTE +PERMISSION$/);
    expect(lines[2]).toMatch(/^ {2}Overview +\/home +general_home$/);
    expect(io.stderr.text).toBe('Module fw (project); 2 pages.\n');
  });

  it('refuses the platform menu for a project user or a server not in platform mode, and a bad --module', async () => {
    const user = fakeIO({ client: server().client });
    const ctx = fakeContext(user);
    await signInProfile(ctx);
    await expect(showMenu(ctx, { json: false, module: 'pf' })).rejects.toThrow(
      '--module pf: operator-sh is a project user and only has the project menu (fw)',
    );
    const single = fakeIO({
      client: server(ADMIN, false).client,
      keychain: user.keychainImpl,
      env: { XDG_CONFIG_HOME: user.configHome },
    });
    await expect(showMenu(fakeContext(single), { json: false, module: 'pf' })).rejects.toThrow(
      '--module pf: the server is not in platform mode, so there is no platform menu',
    );
    const { sent, client } = server();
    const bad = await showMenu(fakeContext(fakeIO({ client })), { json: false, module: 'xx' }).catch(
      (e: unknown) => e,
    );
    expect(bad).toBeInstanceOf(UsageError);
    expect((bad as UsageError).message).toBe('--module must be pf or fw (got "xx")');
    expect(sent).toEqual([]);
  });
});
