import { Modal } from '@douyinfe/semi-ui-19';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { eventSession, testEvent } from '../../../blocks/event-list/test-events';
import { fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { EventDiagnosisPage } from './EventDiagnosisPage';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const event = testEvent({ id: 21, hasWave: true });
const scenario = {
  id: 5,
  name: 'Harmonic distortion',
  deviceClassified: 'meter',
  eventClassified: 2,
  logTypes: [712],
  causes: ['Non-linear loads'],
  checks: ['Check the filter'],
  attachments: [],
  updatedAt: 0,
  lockedReason: null,
  plans: [
    {
      id: 1,
      name: 'Harmonics plan',
      steps: [{ text: 'Measure THD per phase', role: 'Operator' }],
      scenarioIds: [5],
      updatedAt: 0,
      lockedReason: null,
    },
  ],
};

describe('EventDiagnosisPage', () => {
  it('opens the event of a notice in the pane with its scenarios, plan and waveform link', async () => {
    const s = fakeServer({
      'events.event': () => event,
      'events.eventLog': () => ({ total: 1, list: [event] }),
      'events.relationEvent': () => [event],
      'expert.resolveFaultScenarios': () => [scenario],
      'projects.projects': () => [],
      'nodes.nodeTreeSimpleWithAuth': () => [],
    });
    renderWithProviders(<EventDiagnosisPage />, {
      client: s.client,
      session: eventSession(['event_confirm', 'ops_repairorder', 'event_eventAndWave']),
      route: '/eventDiagnosis?eventId=21',
    });
    const pane = await screen.findByTestId('diagnosis-pane');
    expect(await within(pane).findByText('#21 Meter AH7-2')).toBeTruthy();
    expect(within(pane).getByRole('button', { name: 'Waveform' }).getAttribute('data-href')).toBe(
      '/eventAndWave?eventId=21',
    );
    expect(
      within(pane).getByRole('button', { name: 'Create repair order' }).getAttribute('data-href'),
    ).toContain('/repairorder?eventId=21');
    fireEvent.click(within(pane).getByText('Fault scenarios'));
    expect(await within(pane).findByText('Non-linear loads')).toBeTruthy();
    expect(within(pane).getByText('Measure THD per phase')).toBeTruthy();
    fireEvent.click(within(pane).getByText('Related events'));
    expect(await within(pane).findByText('no related events in the window')).toBeTruthy();
  });
});
