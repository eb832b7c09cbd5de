import { Modal } from '@douyinfe/semi-ui-19';
import type { EventPlan, FaultScenario } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { AccidentHandleAdministrationPage } from './AccidentHandleAdministrationPage';
import { eventItem, fwSession } from './test-fixtures';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

function server() {
  const scenarios: FaultScenario[] = [
    {
      id: 1,
      name: 'Over-current trip',
      deviceClassified: 'breaker',
      eventClassified: 1,
      logTypes: [],
      causes: ['short circuit'],
      checks: ['read the relay'],
      attachments: [],
      updatedAt: 0,
      lockedReason: null,
    },
  ];
  const plans: EventPlan[] = [];
  return fakeServer({
    'expert.scenarios': () => scenarios,
    'expert.createScenario': (req) => {
      const made = { ...(req.body as FaultScenario), id: 2, updatedAt: 0, lockedReason: null };
      scenarios.push(made);
      return made;
    },
    'expert.plans': () => plans,
    'expert.createPlan': (req) => {
      const made = { ...(req.body as EventPlan), id: 3, updatedAt: 0, lockedReason: null };
      plans.push(made);
      return made;
    },
    'events.eventLog': () => ({
      total: 1,
      list: [
        eventItem({
          eventClass: 1,
          level: 1,
          status: 3,
          confirmedBy: 'manager-bj',
          result: 'Feeder restored',
        }),
      ],
    }),
  });
}

const modal = () => [...document.querySelectorAll('.semi-modal-content')].at(-1) as HTMLElement;
const field = (name: string) => modal().querySelector(`[data-field="${name}"]`) as HTMLElement;

describe('AccidentHandleAdministrationPage', () => {
  it('adds a fault scenario with causes and checks one per line', async () => {
    const s = server();
    renderWithProviders(<AccidentHandleAdministrationPage />, {
      client: s.client,
      session: fwSession(['expert_update']),
    });
    await screen.findByText('Over-current trip');
    fireEvent.click(screen.getByText('Create'));
    await screen.findByText('Add fault scenario');
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() =>
      expect(field('name').querySelector('[role=alert]')?.textContent).toBe('name is required'),
    );
    fireEvent.change(field('name').querySelector('input') as HTMLElement, {
      target: { value: 'Earth fault' },
    });
    fireEvent.change(field('causes').querySelector('textarea') as HTMLElement, {
      target: { value: 'damaged insulation\n\nwet cable' },
    });
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('expert.createScenario')).toHaveLength(1));
    expect(s.callsOf('expert.createScenario')[0]?.body).toMatchObject({
      name: 'Earth fault',
      causes: ['damaged insulation', 'wet cable'],
      checks: [],
    });
    expect(await screen.findByText('Earth fault')).toBeTruthy();
  });

  it('names the step that lacks its text before adding a plan, and lists the accident log', async () => {
    const s = server();
    renderWithProviders(<AccidentHandleAdministrationPage />, {
      client: s.client,
      session: fwSession(['expert_update']),
    });
    fireEvent.click(await screen.findByText('Handling plans'));
    fireEvent.click(await screen.findByText('Create'));
    await screen.findByText('Add handling plan');
    fireEvent.change(field('name').querySelector('input') as HTMLElement, { target: { value: 'Trip plan' } });
    fireEvent.click(within(modal()).getByText('Save'));
    expect((await within(modal()).findByRole('alert')).textContent).toBe('a step needs its text');
    fireEvent.change(within(modal()).getByLabelText('Step 1'), { target: { value: 'isolate the feeder' } });
    fireEvent.change(within(modal()).getByLabelText('Responsible role 1'), {
      target: { value: 'electrician' },
    });
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('expert.createPlan')).toHaveLength(1));
    expect(s.callsOf('expert.createPlan')[0]?.body).toMatchObject({
      name: 'Trip plan',
      steps: [{ text: 'isolate the feeder', role: 'electrician' }],
    });

    fireEvent.click(screen.getByText('Accident log'));
    expect(await screen.findByText('Feeder restored')).toBeTruthy();
    expect(s.callsOf('events.eventLog')[0]?.body).toMatchObject({ eventClasses: [1] });
  });

  it('reads only without expert_update', async () => {
    renderWithProviders(<AccidentHandleAdministrationPage />, {
      client: server().client,
      session: fwSession([]),
    });
    await screen.findByText('Over-current trip');
    expect(screen.queryByText('Create')).toBeNull();
    expect(screen.getByText(/read only/)).toBeTruthy();
  });
});
