import type { TreeNode } from '@eem/contract';
import type { ClientOptions } from '@eem/sdk';
import { describe, expect, it } from 'vitest';
import { AuthRequiredError, CliError, UsageError } from '../errors.js';
import { fakeContext, fakeIO } from '../test-support/fake-io.js';
import { BERLIN, demoUser, SHANGHAI } from '../test-support/fixtures.js';
import { type SentCall, sentWith, signInProfile } from '../test-support/signed-in.js';
import { currentProject, findProject, useProject } from './projects.js';

const CHICAGO = { ...SHANGHAI, id: 3, name: 'Chicago Mill', code: 'CH-01', tenantId: 2, tenantid: 2 };

const tree: TreeNode[] = [
  {
    id: 1,
    modelLabel: 'tenant',
    name: 'Demo Energy Group',
    children: [
      { ...SHANGHAI, id: 1, modelLabel: 'project', name: 'Shanghai Plant' },
      { ...BERLIN, id: 2, modelLabel: 'project', name: 'Berlin Works' },
    ],
  },
  { id: 2, modelLabel: 'tenant', name: 'Northwind Foods', children: [{ ...CHICAGO, modelLabel: 'project' }] },
];

/** A server with an operator (project user) or the platform administrator; records each call. */
function server(user = demoUser({ projectIds: [1, 2] })) {
  const sent: SentCall[] = [];
  const client = (options: ClientOptions) => {
    const record = async <T>(call: string, value: T) => {
      sent.push(await sentWith(options, call));
      return value;
    };
    return {
      session: { me: () => record('me', user) },
      shell: { systemInfo: () => record('systemInfo', { platformMode: true }) },
      projects: {
        projects: () => record('projects', [SHANGHAI, BERLIN]),
        cloudProjects: () => record('cloudProjects', tree),
      },
    };
  };
  return { sent, client };
}

const ADMIN = demoUser({ id: 1, name: 'admin', usertype: 0, root: true, projectId: null, projectIds: [] });

describe('project use', () => {
  it('switches by name (any case) or id, stores the project in the profile and sends it from then on', async () => {
    const { sent, client } = server();
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
    await useProject(ctx, 'berlin works', { none: false });
    expect((await ctx.profiles()).read().profiles.default?.project).toEqual({ id: 2, name: 'Berlin Works' });
    expect(io.stderr.text).toBe('Switched to project Berlin Works (id 2) on profile "default".\n');
    // The catalogue was asked in the old project; the next command sends the new one.
    expect(sent.every((s) => s.projectId === 1)).toBe(true);
    await useProject(fakeContext(io), '1', { none: false });
    expect(sent.at(-1)?.projectId).toBe(2);
    expect((await ctx.profiles()).read().profiles.default?.project).toEqual({
      id: 1,
      name: 'Shanghai Plant',
    });
  });

  it('leaves the project with --none for a platform user', async () => {
    const { client } = server(ADMIN);
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { account: 'admin', usertype: 0, project: { id: 3, name: 'Chicago Mill' } });
    await useProject(ctx, undefined, { none: true });
    expect((await ctx.profiles()).read().profiles.default?.project).toBeUndefined();
    expect(io.stderr.text).toContain('Left the project on profile "default"');
  });

  it('switches within the platform tree, and refuses a tenant or a project the user may not enter', async () => {
    const { client } = server(ADMIN);
    const ctx = fakeContext(fakeIO({ client }));
    await signInProfile(ctx, { account: 'admin', usertype: 0 });
    await useProject(ctx, 'Chicago Mill', { none: false });
    expect((await ctx.profiles()).read().profiles.default?.project).toEqual({ id: 3, name: 'Chicago Mill' });
    await expect(useProject(ctx, 'Northwind Foods', { none: false })).rejects.toThrow(
      'no project "Northwind Foods" among those you may enter',
    );
  });

  it('refuses --none for a project user, and changes nothing', async () => {
    const { client } = server();
    const ctx = fakeContext(fakeIO({ client }));
    await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
    const error = await useProject(ctx, undefined, { none: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toBe(
      'operator-sh is a project user (usertype 3) and always works in a project',
    );
    expect((await ctx.profiles()).read().profiles.default?.project).toEqual({
      id: 1,
      name: 'Shanghai Plant',
    });
  });

  it('needs a project or --none (not both) before anything is sent', async () => {
    const { sent, client } = server();
    const ctx = fakeContext(fakeIO({ client }));
    await signInProfile(ctx);
    await expect(useProject(ctx, undefined, { none: false })).rejects.toThrow(UsageError);
    await expect(useProject(ctx, '1', { none: true })).rejects.toThrow('give a project or --none, not both');
    expect(sent).toEqual([]);
  });

  it('is exit 4 without a sign-in', async () => {
    await expect(useProject(fakeContext(fakeIO()), '1', { none: false })).rejects.toThrow(AuthRequiredError);
  });

  it('warns when --project or EEM_PROJECT still chooses the project of this call', async () => {
    const { client } = server();
    const io = fakeIO({ client, env: { EEM_PROJECT: '1' } });
    const ctx = fakeContext(io);
    await signInProfile(ctx);
    await useProject(ctx, '2', { none: false });
    expect(io.stderr.text).toContain(
      'warning: EEM_PROJECT is set for this call and still chooses the project here.',
    );
  });
});

describe('findProject', () => {
  it('asks for the id when a name matches several projects', () => {
    const rows = [
      {
        id: 1,
        name: 'Plant',
        type: 'project',
        code: null,
        timeZone: null,
        parentId: null,
        depth: 0,
        current: false,
      },
      {
        id: 2,
        name: 'plant',
        type: 'project',
        code: null,
        timeZone: null,
        parentId: null,
        depth: 0,
        current: false,
      },
    ];
    expect(() => findProject(rows, 'PLANT')).toThrow(
      '"PLANT" matches 2 projects: Plant (id 1), plant (id 2); give the id',
    );
    expect(findProject(rows, '2').name).toBe('plant');
  });
});

describe('project current', () => {
  it('shows the project of the profile and what chose it, without asking the server', async () => {
    const { sent, client } = server();
    const io = fakeIO({ client });
    const ctx = fakeContext(io);
    await signInProfile(ctx, { project: { id: 2, name: 'Berlin Works' } });
    await currentProject(ctx, { json: false });
    expect(io.stdout.text).toBe('2\tBerlin Works\tprofile "default"\n');
    await currentProject(fakeContext(io), { json: true });
    expect(JSON.parse(io.stdout.text.split('\n').slice(1).join('\n'))).toEqual({
      id: 2,
      name: 'Berlin Works',
      source: 'profile "default"',
      profile: 'default',
    });
    expect(sent).toEqual([]);
  });

  it('names a project chosen by --project or EEM_PROJECT by asking the server', async () => {
    const { client } = server();
    const io = fakeIO({ client });
    const ctx = fakeContext(io, { project: '1' });
    await signInProfile(ctx, { project: { id: 2, name: 'Berlin Works' } });
    await currentProject(ctx, { json: false });
    expect(io.stdout.text).toBe('1\tShanghai Plant\t--project\n');

    const env = fakeIO({ client, env: { XDG_CONFIG_HOME: io.configHome, EEM_PROJECT: '2' } });
    await currentProject(fakeContext(env), { json: false });
    expect(env.stdout.text).toBe('2\tBerlin Works\tEEM_PROJECT\n');
  });

  it('shows the id alone when the server cannot be asked', async () => {
    const io = fakeIO({ env: { EEM_PROJECT: '7' } });
    await currentProject(fakeContext(io), { json: false });
    expect(io.stdout.text).toBe('7\t\tEEM_PROJECT\n');
  });

  it('says so when there is no current project, and prints no data', async () => {
    const io = fakeIO();
    const ctx = fakeContext(io);
    await signInProfile(ctx, { account: 'admin', usertype: 0 });
    await currentProject(ctx, { json: false });
    expect(io.stdout.text).toBe('');
    expect(io.stderr.text).toContain('No current project on profile "default"');
    const json = fakeIO({ env: { XDG_CONFIG_HOME: io.configHome } });
    await currentProject(fakeContext(json), { json: true });
    expect(json.stdout.text).toBe('null\n');
  });
});
