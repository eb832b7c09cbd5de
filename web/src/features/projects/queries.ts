/**
 * Project data shared by the project and home screens: the projects the user may enter
 * (cloudProjects in platform mode, project/project otherwise) and today's accident and
 * alarm notices (class 1 and 2) per project from the message log.
 */
import type { Project } from '@eem/contract';
import { NOTICE_MODE, normalizeEventClass, PAGE_LIMIT_MAX } from '@eem/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useQueries } from '../../app/client';
import { useSession } from '../../app/session';
import { calendarKey, startOfDay } from '../../blocks/time-range-model';
import { useCalendar } from '../../blocks/use-calendar';
import { useLanguage } from '../../i18n/language';

export interface ProjectSummary {
  id: number;
  name: string;
  tenantId: number | null;
  company: string | null;
  address: string | null;
  level: string | null;
  operationDate: number | null;
  longitude: number | null;
  latitude: number | null;
  /** fileName of the main image, shown as the card's cover. */
  mainImage: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A project of either answer (cloud tree nodes carry the project's fields as extras). */
export function toSummary(
  node: { id: number; name: string; [field: string]: unknown } | Project,
): ProjectSummary {
  const n = node as Record<string, unknown>;
  return {
    id: node.id,
    name: node.name,
    tenantId: num(n.tenantId),
    company: text(n.company),
    address: text(n.address),
    level: text(n.level),
    operationDate: num(n.operationDate),
    longitude: num(n.longitude),
    latitude: num(n.latitude),
    mainImage: text(n.mainImage),
  };
}

export function useProjectList(): { projects: ProjectSummary[]; loading: boolean; error: unknown } {
  const queries = useQueries();
  const { systemInfo } = useSession();
  const platform = systemInfo?.platformMode ?? true;
  const cloud = useQuery({
    ...queries.projects.cloudProjects({ body: { treeReturnEnable: false } }),
    enabled: platform,
  });
  const plain = useQuery({ ...queries.projects.projects(), enabled: !platform });
  const source = platform ? cloud : plain;
  const projects = useMemo(
    () => (source.data ?? []).filter((p) => p.modelLabel === 'project').map(toSummary),
    [source.data],
  );
  return { projects, loading: source.isPending, error: source.error };
}

export interface TodayNotice {
  id: number;
  time: number;
  projectId: number | null;
  eventClass: 1 | 2 | 3 | 4 | 5;
  logTypeName: string;
  description: string;
}

/** Today's notices of the signed-in user (newest first), from the message log. */
export function useTodayNotices(): { notices: TodayNotice[]; loading: boolean } {
  const queries = useQueries();
  const { user } = useSession();
  const { calendar } = useCalendar();
  const zone = calendarKey(calendar);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the calendar is compared by its key
  const range = useMemo(() => {
    const now = Date.now();
    return { startTime: startOfDay(now, calendar), endTime: now + 60_000 };
  }, [zone]);
  const log = useQuery({
    ...queries.notices.messageLog({
      body: {
        noticeMode: NOTICE_MODE,
        receiver: user?.id ?? 1,
        ...range,
        page: { index: 0, limit: PAGE_LIMIT_MAX },
      },
    }),
    enabled: user !== null,
  });
  const notices = useMemo(
    () =>
      (log.data?.list ?? []).map((n) => ({
        id: n.id,
        time: n.recordTime,
        projectId: n.projectId,
        eventClass: normalizeEventClass(n.eventClass),
        logTypeName: n.logTypeName,
        description: n.description,
      })),
    [log.data],
  );
  return { notices, loading: log.isPending && user !== null };
}

/** Accident and alarm notices (class 1 and 2) per project. */
export function alarmCounts(notices: readonly TodayNotice[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const n of notices) {
    if (n.projectId === null || (n.eventClass !== 1 && n.eventClass !== 2)) continue;
    counts.set(n.projectId, (counts.get(n.projectId) ?? 0) + 1);
  }
  return counts;
}

/** The name of a project level ('1' → 'Level 1' / '一级') from the projectlevel enumeration. */
export function useLevelName(): (level: string | null) => string {
  const queries = useQueries();
  const { language } = useLanguage();
  const enumerations = useQuery({ ...queries.shell.enumerations(), staleTime: Number.POSITIVE_INFINITY });
  const levels = enumerations.data?.find((e) => e.modelLabel === 'projectlevel')?.enums ?? [];
  return (level) => {
    if (!level) return '--';
    const found = levels.find((e) => String(e.id) === level);
    return found ? (language === 'zh' ? found.text : found.enText) : level;
  };
}
