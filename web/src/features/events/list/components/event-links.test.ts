import { describe, expect, it } from 'vitest';
import { testEvent } from '../../../../blocks/event-list/test-events';
import { eventLinks } from './event-links';

describe('event links', () => {
  const event = testEvent({ id: 7, nodeId: 31, nodeLabel: 'meter', time: 1_000_000_000_000 });

  it('prefill a repair order with the event', () => {
    const url = new URL(eventLinks.repairOrder(event), 'http://x');
    expect(url.pathname).toBe('/repairorder');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      eventId: '7',
      nodeId: '31',
      modelLabel: 'meter',
      description: event.description,
    });
  });

  it('open the energy analysis of the node around the event and the waveform', () => {
    const url = new URL(eventLinks.energyAnalysis(event), 'http://x');
    expect(url.pathname).toBe('/energyQueryAndAnalysis');
    expect(Number(url.searchParams.get('startTime'))).toBeLessThan(event.time);
    expect(Number(url.searchParams.get('endTime'))).toBeGreaterThan(event.time);
    expect(eventLinks.waveform(event)).toBe('/eventAndWave?eventId=7');
  });
});
