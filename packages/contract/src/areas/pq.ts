/**
 * Power-quality events with recordings (screens.md /transienteventanalysis, /eventAndWave):
 * sags, swells, interruptions and transients with magnitude, duration and ITIC region, their
 * waveforms (instantaneous and half-cycle RMS per phase) and a COMTRADE download.
 */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idOf, page, pagedList } from '../schemas.js';

export const PQ_EVENT_TYPES = ['sag', 'swell', 'interruption', 'transient'] as const;

export const pqEvent = z.object({
  id: z.number().int(),
  /** The event of the event log it is (log type 712). */
  eventId: z.number().int(),
  time: epochMs,
  pointId: z.number().int().nullable(),
  nodeId: z.number().int(),
  nodeName: z.string(),
  type: z.enum(PQ_EVENT_TYPES),
  /** A, B, C or combinations like AB, ABC. */
  phase: z.string(),
  /** Residual (sag, interruption) or peak (swell, transient) magnitude in % of nominal. */
  magnitude: z.number(),
  durationMs: z.number(),
  /** ITIC curve region: ok (inside the tolerance), prohibited (above) or noDamage (below). */
  itic: z.enum(['ok', 'prohibited', 'noDamage']),
});
export type PqEvent = z.output<typeof pqEvent>;

export const waveform = z.object({
  eventId: z.number().int(),
  /** Samples per second and the time of the first sample. */
  sampleRate: z.number(),
  startTime: epochMs,
  nominalVoltage: z.number(),
  /** Channels Ua, Ub, Uc, Ia, Ib, Ic: instantaneous samples and half-cycle RMS. */
  channels: z.array(
    z.object({ name: z.string(), unit: z.string(), samples: z.array(z.number()), rms: z.array(z.number()) }),
  ),
});
export type Waveform = z.output<typeof waveform>;

/** Most recordings one pq.waveRms call answers: a page of the event list at its largest size. */
export const PQ_WAVE_BATCH_MAX = 100;

/** An event's recording in brief: the half-cycle RMS per channel (what a thumbnail draws). */
export const waveRms = z.object({
  eventId: z.number().int(),
  nominalVoltage: z.number(),
  channels: z.array(z.object({ name: z.string(), unit: z.string(), rms: z.array(z.number()) })),
});
export type WaveRms = z.output<typeof waveRms>;

export const pq = {
  events: defineEndpoint({
    id: 'pq.events',
    method: 'POST',
    path: '/eem-service/v1/pq/event/query',
    summary: 'PQ events of the current project by type, magnitude and duration bands, newest first (chosen).',
    body: z
      .object({
        startTime: epochMs,
        endTime: epochMs,
        types: z
          .array(z.enum(PQ_EVENT_TYPES))
          .max(PQ_EVENT_TYPES.length, { error: 'types: a type is listed twice' })
          .default([]),
        nodeIds: z.array(idOf('nodeIds')).max(500).default([]),
        magnitudeMin: z.number().nullable().default(null),
        magnitudeMax: z.number().nullable().default(null),
        durationMinMs: z.number().nullable().default(null),
        durationMaxMs: z.number().nullable().default(null),
        page,
      })
      .refine((v) => v.endTime > v.startTime, {
        error: 'endTime: end time must be later than start time',
        path: ['endTime'],
      }),
    data: pagedList(pqEvent),
    permission: 'event_browser',
  }),
  wave: defineEndpoint({
    id: 'pq.wave',
    method: 'POST',
    path: '/eem-service/v1/pq/event/wave',
    summary: 'The recording of an event (by event-log id) (chosen).',
    body: z.object({ eventId: id }),
    data: waveform,
    permission: 'event_browser',
  }),
  waveRms: defineEndpoint({
    id: 'pq.waveRms',
    method: 'POST',
    path: '/eem-service/v1/pq/event/wave/rms',
    summary:
      'The half-cycle RMS of the recordings of several events at once (one page of the list); events without a recording the user may see are left out (chosen).',
    body: z.object({
      eventIds: z
        .array(idOf('eventIds'))
        .min(1, { error: 'eventIds: name at least one event' })
        .max(PQ_WAVE_BATCH_MAX, { error: `eventIds: at most ${PQ_WAVE_BATCH_MAX} events` }),
    }),
    data: z.object({ list: z.array(waveRms) }),
    permission: 'event_browser',
  }),
  waveDownload: defineEndpoint({
    id: 'pq.waveDownload',
    method: 'POST',
    path: '/eem-service/v1/pq/event/wave/download',
    summary: 'The recording as COMTRADE (IEEE C37.111-1999 .cfg and ASCII .dat in a zip) (chosen).',
    body: z.object({ eventId: id }),
    data: z.null(),
    permission: 'event_browser',
    kind: 'download',
  }),
} as const;
