/**
 * Opens the terminal app on the terminal (Ink is loaded here, only for `eem` without arguments),
 * coloured by the same decision as the rest of eem.
 */
import { render } from 'ink';
import type { Context } from '../context.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { shareColourLevel } from '../output/colour.js';
import { loadTextWidth } from '../output/text-width.js';
import { fetchEvents } from '../services/events.js';
import { eventFilterOf } from '../services/events-flags.js';
import { noticeStream } from '../services/notices-tail.js';
import { loadProjects } from '../services/projects.js';
import { forgetToken, openSession } from '../services/session.js';
import { App } from './App.js';
import type { AppServices, AppSession } from './app-model.js';

/** Events the events pane lists (newest first). */
const EVENTS_SHOWN = 200;

export async function runApp(ctx: Context): Promise<ExitCode> {
  const active = await openSession(ctx);
  const { client } = active;
  const store = await ctx.profiles();
  const profile = active.profile.profile;

  // The channels' user: the saved sign-in's, else the server's answer (EEM_TOKEN).
  const userId = () =>
    active.userId === undefined ? client.session.me().then((u) => u.id) : Promise.resolve(active.userId);

  const services: AppServices = {
    me: () => client.session.me(),
    systemInfo: () => client.shell.systemInfo(),
    projects: (currentId) => loadProjects(client, currentId),
    async switchProject(project) {
      await store.update((data) => {
        const name = active.profile.name;
        const entry = data.profiles[name] ?? { name, server: active.server.url };
        entry.project = project;
        data.profiles[name] = entry;
      });
      active.project = { id: project?.id ?? 0, source: 'config' };
    },
    async forgetSession() {
      if (active.tokenSource !== 'env') await forgetToken(ctx, active.profile.name, active.token);
    },
    tasks: () => client.notices.importProgressAll(),
    taskUpdates(onTask) {
      const open = ctx.io.openProgressChannel;
      if (!open) return () => {};
      let stopped = false;
      let close: (() => void) | undefined;
      void userId()
        .then((id) => (stopped ? undefined : open(client, { userId: id, onTask })))
        .then((handle) => {
          if (stopped) handle?.close();
          else close = () => handle?.close();
        })
        // No channel: the pane polls.
        .catch(() => undefined);
      return () => {
        stopped = true;
        close?.();
      };
    },
    notices(listener) {
      let stop: (() => void) | undefined;
      let stopped = false;
      void userId()
        .then((userId) => {
          if (stopped) return;
          const stream = noticeStream(
            client,
            userId,
            {
              notice: listener.notice,
              state: listener.state,
              expired: () => listener.expired(),
              failed: (error) =>
                listener.state({
                  kind: 'disconnected',
                  reason: error.message,
                  retryAt: ctx.io.now(),
                  attempt: 0,
                }),
            },
            { now: ctx.io.now },
          );
          stream.start();
          stop = () => stream.stop();
        })
        .catch(() => undefined);
      return () => {
        stopped = true;
        stop?.();
      };
    },
    events: async () =>
      (await fetchEvents(client, eventFilterOf({ since: '7d' }, ctx.io.now(), undefined), EVENTS_SHOWN)).list,
    confirmEvents: (ids, mode, result) =>
      client.events.confirm({
        body: {
          events: ids.map((eventId) => ({ eventId })),
          mode,
          ...(result === undefined ? {} : { result }),
        },
      }),
    now: ctx.io.now,
  };
  const session: AppSession = {
    profile: active.profile.name,
    server: active.server.url,
    tokenStorage: active.tokenSource,
    tokenLocation: active.tokenLocation,
    expiresAt: active.tokenSource === 'env' ? null : (profile?.session?.expiresAt ?? null),
    project: {
      id: active.project.id,
      name: profile?.project?.id === active.project.id ? profile.project.name : null,
    },
  };

  // Ink colours with chalk's shared instance: give it eem's decision for stdout (NO_COLOR,
  // TERM=dumb, --no-color), not chalk's own guess, which knows nothing of them.
  shareColourLevel(ctx.stdoutPalette.level);
  await loadTextWidth();
  // A resized terminal has reflowed the old frame: clear the screen before Ink draws the new
  // one (registered before Ink's own listener, so it runs first), or parts of it stay.
  const stdout = ctx.io.stdout;
  const clearOnResize = () => stdout.write('\u001b[2J\u001b[H');
  stdout.on('resize', clearOnResize);
  const instance = render(<App services={services} session={session} />, {
    stdin: ctx.io.stdin as NodeJS.ReadStream,
    stdout: ctx.io.stdout as NodeJS.WriteStream,
    stderr: ctx.io.stderr as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  const result = await instance.waitUntilExit().finally(() => stdout.off('resize', clearOnResize));
  return result === EXIT.auth || result === EXIT.interrupted ? result : EXIT.ok;
}
