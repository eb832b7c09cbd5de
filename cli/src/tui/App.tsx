/**
 * The terminal app: a header with the signed-in user and project, the project switcher, and
 * on its right the session pane or (Tab) the tasks pane with live progress, the live notices
 * pane and the events pane (select and confirm events).
 */

import type { Notice, Task, User } from '@eem/contract';
import { isProjectBound, type Module, resolveModule, WIRE_MESSAGES } from '@eem/core';
import { Box, Text, useApp, useInput } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { textWidth } from '../output/text-width.js';
import { asSdkError, isSdkError, serverMessage, serverMessageOf } from '../services/errors.js';
import type { StreamState } from '../services/notices-tail-stream.js';
import type { ProjectCatalogue } from '../services/projects.js';
import {
  type AppServices,
  type AppSession,
  type Entry,
  entriesOf,
  type Pane,
  paneCycle,
} from './app-model.js';
import { EventsPane } from './EventsPane.js';
import { Header } from './Header.js';
import { HelpPane } from './HelpPane.js';
import { NoticesPane } from './NoticesPane.js';
import { ProjectPane } from './ProjectPane.js';
import { SessionPane } from './SessionPane.js';
import { TasksPane } from './TasksPane.js';
import { projectPaneWidth, useTerminalSize } from './use-terminal-size.js';

export interface AppProps {
  services: AppServices;
  session: AppSession;
  /** Told the exit code before the app unmounts (0 q, 4 expired session, 130 Ctrl-C). */
  onExit?: (code: number) => void;
}

type Tone = 'info' | 'success' | 'error';

export function App({ services, session, onExit }: AppProps) {
  const app = useApp();
  const exit = (code: number) => {
    onExit?.(code);
    app.exit(code);
  };
  const size = useTerminalSize();
  const [user, setUser] = useState<User>();
  const [platformMode, setPlatformMode] = useState(false);
  const [catalogue, setCatalogue] = useState<ProjectCatalogue>();
  const [project, setProject] = useState(session.project);
  const [cursor, setCursorState] = useState(0);
  // Keys can arrive several in one chunk (a paste, tmux send-keys): read the cursor from a ref
  // so that Enter acts on where the arrows before it moved.
  const cursorRef = useRef(0);
  const setCursor = useCallback((next: number | ((c: number) => number)) => {
    cursorRef.current = typeof next === 'function' ? next(cursorRef.current) : next;
    setCursorState(cursorRef.current);
  }, []);
  const [focus, setFocus] = useState<Pane>('projects');
  const [help, setHelp] = useState(false);
  const [loading, setLoading] = useState(true);
  const [status, setStatus] = useState<{ text: string; tone: Tone }>();
  const [expired, setExpired] = useState(false);
  const [now, setNow] = useState(services.now());
  const [tasks, setTasks] = useState<Task[]>();
  const [tasksError, setTasksError] = useState<string>();
  const [notices, setNotices] = useState<Notice[]>([]);
  const [noticeCount, setNoticeCount] = useState(0);
  const [noticeState, setNoticeState] = useState<StreamState>();
  const [lastNoticeAt, setLastNoticeAt] = useState<number>();
  // The events pane has every key while a result is typed (a ref: keys of one chunk see it).
  const capturing = useRef(false);
  const onCapture = useCallback((value: boolean) => {
    capturing.current = value;
  }, []);

  const fail = useCallback(
    (error: unknown) => {
      if (isSdkError(error, 'SessionExpiredError')) {
        setExpired(true);
        void services.forgetSession().catch(() => undefined);
        return;
      }
      const sdk = asSdkError(error);
      setStatus({
        text: (sdk && serverMessage(sdk)) || (error instanceof Error ? error.message : String(error)),
        tone: 'error',
      });
    },
    [services],
  );

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [me, info, list] = await Promise.all([
        services.me(),
        services.systemInfo(),
        services.projects(project.id),
      ]);
      setUser(me);
      setPlatformMode(info.platformMode);
      setCatalogue(list);
      const currentName = list.rows.find((r) => r.type === 'project' && r.id === project.id)?.name;
      if (currentName) setProject((p) => ({ ...p, name: currentName }));
      const entries = entriesOf(list, me, info.platformMode);
      const at = entries.findIndex((e) =>
        e.kind === 'project' ? e.row.id === project.id : e.kind === 'platform' && project.id === 0,
      );
      setCursor(Math.max(0, at));
    } catch (error) {
      fail(error);
    } finally {
      setLoading(false);
    }
  }, [services, project.id, fail, setCursor]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once at start; `r` reloads
  useEffect(() => {
    void load();
  }, []);

  useEffect(() => {
    // Every second while the notices pane shows how long it has been quiet; else every 30 s.
    const timer = setInterval(() => setNow(services.now()), focus === 'notices' ? 1_000 : 30_000);
    return () => clearInterval(timer);
  }, [services, focus]);

  // The notices stream runs while the app does, whichever pane is shown.
  useEffect(() => {
    if (!services.notices) return;
    return services.notices({
      notice: (notice) => {
        setNotices((list) => [notice, ...list].slice(0, 100));
        setNoticeCount((n) => n + 1);
        setLastNoticeAt(services.now());
      },
      state: setNoticeState,
      expired: () => {
        setExpired(true);
        void services.forgetSession().catch(() => undefined);
      },
    });
  }, [services]);

  // The tasks pane polls while it is shown, and only inside a project.
  useEffect(() => {
    const poll = services.tasks;
    if (focus !== 'tasks' || !poll || project.id === 0) return;
    let live = true;
    const refresh = () => {
      poll().then(
        (list) => {
          if (!live) return;
          setTasks(list);
          setTasksError(undefined);
        },
        (error: unknown) => {
          if (!live) return;
          if (isSdkError(error, 'SessionExpiredError')) fail(error);
          else
            setTasksError(
              serverMessageOf(asSdkError(error)) || (error instanceof Error ? error.message : String(error)),
            );
        },
      );
    };
    refresh();
    const timer = setInterval(refresh, services.tasksIntervalMs ?? 5_000);
    // The progress channel tells each change as it happens; the poll fills in what it missed.
    const stopUpdates = services.taskUpdates?.((task) => {
      if (!live || task.projectId !== project.id) return;
      setTasks((list = []) => [task, ...list.filter((t) => t.id !== task.id)]);
    });
    return () => {
      live = false;
      clearInterval(timer);
      stopUpdates?.();
    };
  }, [focus, services, project.id, fail]);

  const entries = useMemo(() => entriesOf(catalogue, user, platformMode), [catalogue, user, platformMode]);
  const module: Module | undefined = user
    ? resolveModule({ projectId: project.id, usertype: user.usertype, platformMode })
    : undefined;

  const switchTo = async (entry: Entry | undefined) => {
    if (!entry) return;
    if (entry.kind === 'group') {
      setStatus({
        text: `${entry.row.name} is a ${entry.row.type}, not a project: choose a project under it`,
        tone: 'info',
      });
      return;
    }
    const target = entry.kind === 'platform' ? undefined : { id: entry.row.id, name: entry.row.name };
    if ((target?.id ?? 0) === project.id) {
      setStatus({ text: target ? `already in ${target.name}` : 'already on the platform', tone: 'info' });
      return;
    }
    try {
      await services.switchProject(target);
      setProject(target ? { id: target.id, name: target.name } : { id: 0, name: null });
      setStatus({
        text: target
          ? `switched to ${target.name} (#${target.id})`
          : 'left the project: working on the platform',
        tone: 'success',
      });
    } catch (error) {
      fail(error);
    }
  };

  // The input handler reads the state of the latest render: keys that arrive right after a
  // frame is drawn (before effects re-subscribe the handler) act on what is on screen.
  const latest = useRef({ entries, focus, help, expired, switchTo, load });
  latest.current = { entries, focus, help, expired, switchTo, load };

  useInput((input, key) => {
    const { entries, focus, help, expired, switchTo, load } = latest.current;
    if (key.ctrl && input === 'c') {
      exit(130);
      return;
    }
    if (expired) {
      if (input === 'q' || key.return || key.escape) exit(4);
      return;
    }
    if (capturing.current) return;
    if (input === 'q') {
      exit(0);
      return;
    }
    if (help) {
      if (input === '?' || key.escape) setHelp(false);
      return;
    }
    if (input === '?') {
      setHelp(true);
      return;
    }
    // Several Tabs in one chunk (typed fast, or sent by tmux) come as one input of tabs.
    const tabs = key.tab ? 1 : /^\t+$/.test(input) ? input.length : 0;
    if (tabs > 0) {
      const cycle = paneCycle(services);
      setFocus((f) => cycle[(cycle.indexOf(f) + tabs) % cycle.length] ?? 'projects');
      return;
    }
    // The events pane reloads its own list.
    if (input === 'r' && focus !== 'events') {
      setStatus({ text: 'reloading…', tone: 'info' });
      void load().then(() => setStatus((s) => (s?.text === 'reloading…' ? undefined : s)));
      return;
    }
    if (focus !== 'projects' || entries.length === 0) return;
    if (key.upArrow || input === 'k') setCursor((c) => Math.max(0, c - 1));
    else if (key.downArrow || input === 'j') setCursor((c) => Math.min(entries.length - 1, c + 1));
    else if (input === 'g' || key.home) setCursor(0);
    else if (input === 'G' || key.end) setCursor(entries.length - 1);
    else if (key.return) void switchTo(entries[cursorRef.current]);
  });

  const locked = user !== undefined && isProjectBound(user.usertype);
  const cycle = paneCycle(services);
  const hints = `↑↓ move · enter switch project · tab pane${cycle.length > 2 ? ` (${cycle.slice(1).join(', ')})` : ''} · r reload${locked ? ' · a project user works in a project' : ''}`;
  // The whole terminal but its last line (a frame as tall as the terminal makes Ink clear the
  // screen on every frame): the header, the panes, the key hints (wrapped, never cut) and a
  // line for the status.
  const hintLines = Math.max(1, Math.ceil(textWidth(hints) / Math.max(1, size.columns - 2)));
  const paneHeight = Math.max(6, size.rows - 1 - hintLines - 1 - 1);
  // Times are shown in the current project's zone (the machine's on the platform).
  const timeZone =
    catalogue?.rows.find((r) => r.type === 'project' && r.id === project.id)?.timeZone ?? undefined;
  const leftWidth = projectPaneWidth(size.columns);
  const rightWidth = Math.max(10, size.columns - leftWidth);

  return (
    <Box flexDirection="column">
      <Header
        account={user?.name}
        server={session.server}
        projectName={project.name}
        projectId={project.id}
        module={module}
      />
      {expired ? (
        <Box borderStyle="round" borderColor="red" paddingX={1} flexDirection="column" height={paneHeight}>
          <Text color="red" bold>
            {WIRE_MESSAGES.loginExpired}
          </Text>
          <Text>
            Run <Text bold>eem login</Text> (profile {session.profile}), then start eem again. Press q to
            quit.
          </Text>
        </Box>
      ) : help ? (
        <HelpPane height={paneHeight} />
      ) : (
        <Box>
          <ProjectPane
            entries={entries}
            cursor={cursor}
            currentId={project.id}
            focused={focus === 'projects'}
            height={paneHeight}
            width={leftWidth}
            loading={loading}
          />
          {focus === 'tasks' ? (
            <TasksPane
              tasks={tasks}
              projectId={project.id}
              focused
              height={paneHeight}
              width={rightWidth}
              error={tasksError}
              timeZone={timeZone}
            />
          ) : focus === 'notices' ? (
            <NoticesPane
              notices={notices}
              count={noticeCount}
              state={noticeState}
              lastNoticeAt={lastNoticeAt}
              now={now}
              focused
              height={paneHeight}
              timeZone={timeZone}
            />
          ) : focus === 'events' ? (
            <EventsPane
              key={project.id}
              services={services}
              projectId={project.id}
              focused
              height={paneHeight}
              width={rightWidth}
              onCapture={onCapture}
              onFail={fail}
              timeZone={timeZone}
            />
          ) : (
            <SessionPane
              user={user}
              session={session}
              focused={focus === 'session'}
              height={paneHeight}
              now={now}
              timeZone={timeZone}
            />
          )}
        </Box>
      )}
      <Box paddingX={1} height={hintLines}>
        <Text dimColor wrap="wrap">
          {hints}
        </Text>
      </Box>
      <Box paddingX={1} height={1}>
        <Text
          wrap="truncate-end"
          color={status?.tone === 'error' ? 'red' : status?.tone === 'success' ? 'green' : undefined}
        >
          {status?.text ?? ' '}
        </Text>
      </Box>
    </Box>
  );
}
