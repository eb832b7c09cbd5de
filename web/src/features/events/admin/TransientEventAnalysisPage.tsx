/**
 * /transienteventanalysis: sags, swells, interruptions and transients (pq.events) over a range
 * of at most 31 days, by type and by magnitude and duration band: time, point, type, phase,
 * residual magnitude in % Un, duration in ms, ITIC region and a waveform thumbnail; the
 * thumbnails of a page come in one call (pq.waveRms), not one per row.
 * "Open wave" goes to /eventAndWave?eventId=.
 */
import { Button, Tag } from '@douyinfe/semi-ui-19';
import { PQ_EVENT_TYPES, type PqEvent, type WaveRms } from '@eem/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueries } from '../../../app/client';
import { formatNumber, useFormat } from '../../../app/format';
import { type DataColumn, DataTable, FIRST_PAGE, type PageState } from '../../../blocks/DataTable';
import { Select } from '../../../blocks/named-pickers';
import { TimeRange, type TimeRangeValue } from '../../../blocks/TimeRange';
import { useTexts } from '../../../i18n/texts';
import { EventScreen } from './components/EventScreen';
import { rangeBody, useEventRange } from './components/event-range';
import { bandFields, DURATION_BANDS, MAGNITUDE_BANDS } from './components/pq-bands';
import { WaveThumbnail } from './components/WaveThumbnail';
import { eventAdminTexts } from './texts';

type PqType = (typeof PQ_EVENT_TYPES)[number];

interface Filters {
  types: PqType[];
  magnitude: string | null;
  duration: string | null;
}

const ITIC_COLORS = { ok: 'green', prohibited: 'red', noDamage: 'orange' } as const;

export function TransientEventAnalysisPage() {
  const t = useTexts(eventAdminTexts);
  return (
    <EventScreen title={t('transientTitle')}>
      <PqEvents />
    </EventScreen>
  );
}

function PqEvents() {
  const t = useTexts(eventAdminTexts);
  const fmt = useFormat();
  const queries = useQueries();
  const navigate = useNavigate();
  const time = useEventRange();
  const [draft, setDraft] = useState<Filters>(() => ({
    types: [],
    magnitude: null,
    duration: null,
  }));
  const [applied, setApplied] = useState<Filters>(draft);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const list = useQuery({
    ...queries.pq.events({
      body: {
        ...rangeBody(time.applied),
        types: applied.types,
        ...bandFields(applied.magnitude, applied.duration),
        page,
      },
    }),
    placeholderData: keepPreviousData,
  });
  const eventIds = useMemo(() => (list.data?.list ?? []).map((r) => r.eventId), [list.data]);
  const waves = useQuery({
    ...queries.pq.waveRms({ body: { eventIds } }),
    enabled: eventIds.length > 0 && !list.isPlaceholderData,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const waveOf = useMemo(
    () => new Map<number, WaveRms>((waves.data?.list ?? []).map((w) => [w.eventId, w])),
    [waves.data],
  );

  const columns: DataColumn<PqEvent>[] = [
    { key: 'time', title: t('time'), width: 170, render: (r) => fmt.time(r.time) },
    {
      key: 'nodeName',
      title: t('point'),
      width: 180,
      render: (r) => (r.pointId === null ? r.nodeName : `${r.nodeName} #${r.pointId}`),
    },
    { key: 'type', title: t('pqType'), width: 110, render: (r) => t(`pq.${r.type}`) },
    { key: 'phase', title: t('phase'), width: 70 },
    {
      key: 'magnitude',
      title: t('magnitude'),
      width: 130,
      align: 'right',
      render: (r) => formatNumber(r.magnitude, 1),
    },
    {
      key: 'durationMs',
      title: t('durationMs'),
      width: 110,
      align: 'right',
      render: (r) => formatNumber(r.durationMs, 1),
    },
    {
      key: 'itic',
      title: t('itic'),
      width: 110,
      render: (r) => (
        <Tag size="small" color={ITIC_COLORS[r.itic]}>
          {t(`itic.${r.itic}`)}
        </Tag>
      ),
    },
    {
      key: 'wave',
      title: t('waveform'),
      width: 140,
      render: (r) => (
        <WaveThumbnail
          wave={waveOf.get(r.eventId)}
          loading={waves.isFetching}
          label={`${t('waveform')} ${r.eventId}`}
        />
      ),
    },
    {
      key: 'open',
      title: '',
      width: 110,
      fixed: 'right',
      render: (r) => (
        <Button
          theme="borderless"
          size="small"
          onClick={() => navigate(`/eventAndWave?eventId=${r.eventId}`)}
        >
          {t('openWave')}
        </Button>
      ),
    },
  ];

  const query = (value: TimeRangeValue) => {
    const same = JSON.stringify([draft, value]) === JSON.stringify([applied, time.applied]);
    time.apply(value);
    setApplied(draft);
    setPage(FIRST_PAGE);
    if (same) void list.refetch();
  };

  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <TimeRange
          value={time.range}
          onChange={time.setRange}
          granularities={['day']}
          block="future"
          presets={['today', 'last7Days', 'thisMonth']}
          onQuery={query}
        >
          <Select
            multiple
            aria-label={t('pqType')}
            placeholder={t('pqType')}
            motion={false}
            style={{ minWidth: 180 }}
            maxTagCount={2}
            optionList={PQ_EVENT_TYPES.map((type) => ({ value: type, label: t(`pq.${type}`) }))}
            value={draft.types}
            onChange={(v) => setDraft((d) => ({ ...d, types: (Array.isArray(v) ? v : []) as PqType[] }))}
          />
          <Select
            aria-label={t('magnitudeBand')}
            placeholder={t('magnitudeBand')}
            motion={false}
            showClear
            style={{ width: 150 }}
            optionList={MAGNITUDE_BANDS.map((b) => ({ value: b.key, label: `${b.key} %` }))}
            value={draft.magnitude ?? undefined}
            onChange={(v) => setDraft((d) => ({ ...d, magnitude: typeof v === 'string' ? v : null }))}
          />
          <Select
            aria-label={t('durationBand')}
            placeholder={t('durationBand')}
            motion={false}
            showClear
            style={{ width: 150 }}
            optionList={DURATION_BANDS.map((b) => ({ value: b.key, label: b.key }))}
            value={draft.duration ?? undefined}
            onChange={(v) => setDraft((d) => ({ ...d, duration: typeof v === 'string' ? v : null }))}
          />
        </TimeRange>
      </div>
      <DataTable<PqEvent>
        aria-label={t('transientTitle')}
        columns={columns}
        rows={list.data?.list ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        total={list.data?.total ?? 0}
        page={page}
        onPageChange={setPage}
      />
    </>
  );
}
