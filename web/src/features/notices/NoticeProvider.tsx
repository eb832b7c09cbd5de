/**
 * Notices of the signed-in user: on sign-in the latest of the message log (at most 99, the
 * unseen ones counted on the badge, 99+ past that; what was seen is kept per user in this
 * browser), then live ones from the SDK's notice channel, resumed from the newest logged id so
 * nothing between the two is lost or repeated (heartbeat, reconnect, resume
 * from the last id, registration with tags), the release queue (one per 200 ms), the bell
 * list (newest first, 99 kept), the alarm sound, the persistent notification for message
 * type 200, and navigation by log type.
 */

import { Notification, Toast } from '@douyinfe/semi-ui-19';
import type { Notice } from '@eem/contract';
import { isTaskLogType, LOG_TYPE, NOTICE_LIMITS, NOTICE_MODE } from '@eem/core';
import { type ChannelStatus, openNoticeChannel } from '@eem/sdk';
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useClient, useQueries } from '../../app/client';
import { SCREEN_PATHS } from '../../app/routes';
import { useReportSessionExpired, useSession } from '../../app/session';
import { getCurrentLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { beep, readMuted, readVolume, writeMuted, writeVolume } from './alarm-sound';
import {
  addNotice,
  noticesOnSignIn,
  noticeTypeName,
  RECENT_NOTICES_MS,
  readSeenId,
  writeSeenId,
} from './notice-list';
import { noticeHref, noticeJump } from './notice-navigation';
import { createNoticeQueue } from './notice-queue';
import { noticeTexts } from './texts';

export interface NoticeState {
  notices: Notice[];
  unread: number;
  status: ChannelStatus;
  markAllRead(): void;
  clear(): void;
  volume: number;
  setVolume(volume: number): void;
  muted: boolean;
  setMuted(muted: boolean): void;
  /** Opens the page of a notice (or says why not), with its event selected when it names one. */
  open(notice: Pick<Notice, 'logType'> & Partial<Pick<Notice, 'content'>>): void;
}

const NoticeContext = createContext<NoticeState | null>(null);

export function NoticeProvider({ children }: { children: ReactNode }) {
  const client = useClient();
  const queries = useQueries();
  const session = useSession();
  const t = useTexts(noticeTexts);
  const navigate = useNavigate();
  const location = useLocation();
  const [notices, setNotices] = useState<Notice[]>([]);
  const [unread, setUnread] = useState(0);
  const [status, setStatus] = useState<ChannelStatus>('connecting');
  const [volume, setVolumeState] = useState(readVolume);
  const [muted, setMutedState] = useState(readMuted);
  const sound = useRef({ volume, muted });
  sound.current = { volume, muted };
  const tRef = useRef(t);
  tRef.current = t;
  const lastId = useRef<number | undefined>(undefined);
  const appInfo = useQuery({ ...queries.shell.appSystemInfo(), staleTime: Number.POSITIVE_INFINITY });

  const userId = session.user?.id;
  const projectId = session.effectiveProjectId;
  const reportExpired = useReportSessionExpired();

  const signedInAs = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (userId === undefined) return;
    if (signedInAs.current !== userId) {
      // Another user (or the first sign-in): their bell starts from their message log.
      signedInAs.current = userId;
      lastId.current = undefined;
      setNotices([]);
      setUnread(0);
    }
    let closed = false;
    let handle: ReturnType<typeof openNoticeChannel> | null = null;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const release = (notice: Notice) => {
      setNotices((list) => addNotice(list, notice));
      setUnread((n) => Math.min(n + 1, NOTICE_LIMITS.badgeMax + 1));
      if (notice.logType === LOG_TYPE.plainNotice) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          Notification.info({
            id: `notice-${notice.id}`,
            title: noticeTypeName(notice, getCurrentLanguage()),
            content: notice.description,
            duration: 0,
          });
        }, NOTICE_LIMITS.persistentDelayMs);
        timers.add(timer);
      } else if (!isTaskLogType(notice.logType) && !sound.current.muted) {
        beep(sound.current.volume);
      }
    };
    const queue = createNoticeQueue<Notice>({
      release,
      onOverflow: (count) => Toast.warning(tRef.current('overflow', { count })),
    });
    const tags = ['web', `user:${userId}`, ...(projectId > 0 ? [`project:${projectId}`] : [])];
    const connect = () => {
      if (closed) return;
      handle = openNoticeChannel(client, {
        userId,
        ...(lastId.current === undefined ? {} : { lastId: lastId.current }),
        register: { tags },
        onNotice: (notice) => {
          lastId.current = Math.max(lastId.current ?? 0, notice.id);
          queue.push(notice);
        },
        onStatus: (next) => setStatus(next),
        onAuthFailed: () => reportExpired(),
      });
    };
    if (lastId.current !== undefined) connect();
    else {
      // Sign-in: the latest notices of the message log first, then the channel from there.
      const now = Date.now();
      client.notices
        .messageLog({
          body: {
            noticeMode: NOTICE_MODE,
            receiver: userId,
            startTime: now - RECENT_NOTICES_MS,
            endTime: now + 1,
            page: { index: 0, limit: NOTICE_LIMITS.keep },
          },
        })
        .then(
          (log) => {
            if (closed) return;
            const first = noticesOnSignIn(log, readSeenId(userId));
            setNotices(first.notices);
            setUnread(first.unread);
            if (first.notices[0]) lastId.current = first.notices[0].id;
          },
          () => undefined, // No log (refused, offline): the bell starts with live notices.
        )
        .finally(connect);
    }
    return () => {
      closed = true;
      if (handle) lastId.current = handle.lastId || lastId.current;
      handle?.close();
      queue.dispose();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [client, userId, projectId, reportExpired]);

  const setVolume = useCallback((next: number) => {
    setVolumeState(next);
    writeVolume(next);
  }, []);
  const setMuted = useCallback((next: boolean) => {
    setMutedState(next);
    writeMuted(next);
  }, []);

  const pathname = location.pathname;
  const open = useCallback(
    (notice: Pick<Notice, 'logType'> & Partial<Pick<Notice, 'content'>>) => {
      const jump = noticeJump({
        logType: notice.logType,
        module: session.module,
        currentPath: pathname,
        noticeRoutes: appInfo.data?.noticeRoutes,
        defaultRoute: appInfo.data?.defaultNoticeRoute,
        screens: SCREEN_PATHS,
      });
      const href = noticeHref(jump.path, notice.content);
      if (jump.kind === 'navigate') navigate(href);
      // An order's notice on its board opens the order there.
      else if (jump.kind === 'alreadyOnPage' && href.includes('?code=')) navigate(href);
      else if (jump.kind === 'alreadyOnPage') Toast.info(t('alreadyOnPage'));
      else if (jump.kind === 'enterProjectFirst') Toast.error(t('enterProjectFirst'));
      else Toast.info(t('unavailable', { path: jump.path }));
    },
    [session.module, pathname, appInfo.data, navigate, t],
  );

  const value = useMemo<NoticeState>(
    () => ({
      notices,
      unread,
      status,
      markAllRead: () => {
        setUnread(0);
        if (userId !== undefined && notices[0]) writeSeenId(userId, notices[0].id);
      },
      clear: () => {
        if (userId !== undefined && notices[0]) writeSeenId(userId, notices[0].id);
        setNotices([]);
        setUnread(0);
      },
      volume,
      setVolume,
      muted,
      setMuted,
      open,
    }),
    [notices, unread, status, volume, setVolume, muted, setMuted, open, userId],
  );
  return <NoticeContext.Provider value={value}>{children}</NoticeContext.Provider>;
}

export function useNotices(): NoticeState {
  const state = useContext(NoticeContext);
  if (!state) throw new Error('useNotices() needs a <NoticeProvider> above it');
  return state;
}
