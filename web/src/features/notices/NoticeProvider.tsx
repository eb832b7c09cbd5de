/**
 * Live notices of the signed-in user: the SDK's notice channel (heartbeat, reconnect, resume
 * from the last id, registration with tags), the release queue (one per 200 ms), the bell
 * list (newest first, 99 kept), the alarm sound, the persistent notification for message
 * type 200, and navigation by log type.
 */

import { Notification, Toast } from '@douyinfe/semi-ui-19';
import type { Notice } from '@eem/contract';
import { isTaskLogType, LOG_TYPE, NOTICE_LIMITS } from '@eem/core';
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
import { addNotice, noticeTypeName } from './notice-list';
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

  useEffect(() => {
    if (userId === undefined) return;
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
    const handle = openNoticeChannel(client, {
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
    return () => {
      lastId.current = handle.lastId || lastId.current;
      handle.close();
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
      markAllRead: () => setUnread(0),
      clear: () => {
        setNotices([]);
        setUnread(0);
      },
      volume,
      setVolume,
      muted,
      setMuted,
      open,
    }),
    [notices, unread, status, volume, setVolume, muted, setMuted, open],
  );
  return <NoticeContext.Provider value={value}>{children}</NoticeContext.Provider>;
}

export function useNotices(): NoticeState {
  const state = useContext(NoticeContext);
  if (!state) throw new Error('useNotices() needs a <NoticeProvider> above it');
  return state;
}
