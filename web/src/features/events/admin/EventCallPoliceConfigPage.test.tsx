import { Modal } from '@douyinfe/semi-ui-19';
import type { AlarmScheme } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { ALARM_SOUND_KEY } from './components/alarm-sound';
import { EventCallPoliceConfigPage } from './EventCallPoliceConfigPage';
import { fwSession, scheme } from './test-fixtures';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
  localStorage.clear();
});

function server() {
  const rows: AlarmScheme[] = [scheme()];
  return fakeServer({
    'events.schemes': () => rows,
    'events.createScheme': (req) => {
      const made = { ...(req.body as AlarmScheme), id: 2, createdAt: 0, updatedAt: 0 };
      rows.push(made);
      return made;
    },
    'nodes.nodeTreeSimpleWithAuth': () => [
      {
        id: 2,
        modelLabel: 'project',
        name: 'Berlin Works',
        children: [{ id: 10, modelLabel: 'building', name: 'Hall A' }],
      },
    ],
    'users.projectUsers': () => ({
      total: 1,
      list: [
        {
          id: 7,
          name: 'manager-bj',
          nicName: 'Manager',
          email: '',
          mobilePhone: '',
          tenantId: 1,
          tenantName: 'Demo',
          usertype: 4,
          roleId: 1,
          roleName: 'admin',
          roleType: 1,
          dutyType: null,
          userGroups: [],
          status: 1,
          notificationTypes: [],
          projectIds: [2],
          root: false,
          customConfig: '{}',
          modelLabel: 'user',
        },
      ],
      groups: [],
    }),
  });
}

const modal = () => [...document.querySelectorAll('.semi-modal-content')].at(-1) as HTMLElement;
const field = (name: string) => modal().querySelector(`[data-field="${name}"]`) as HTMLElement;

describe('EventCallPoliceConfigPage', () => {
  it('lists schemes with thresholds per level and receivers', async () => {
    renderWithProviders(<EventCallPoliceConfigPage />, {
      client: server().client,
      session: fwSession(['alarmscheme_update']),
    });
    const row = (await screen.findByText('Demand watch')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('Demand over threshold')).toHaveLength(2);
    expect(row.querySelectorAll('[data-level]')).toHaveLength(2);
    expect(within(row).getByText('Whole project')).toBeTruthy();
    expect(await within(row).findByText('Manager')).toBeTruthy();
  });

  it('refuses a scheme without levels under the field, then adds it with a level', async () => {
    const s = server();
    renderWithProviders(<EventCallPoliceConfigPage />, {
      client: s.client,
      session: fwSession(['alarmscheme_update']),
    });
    await screen.findByText('Demand watch');
    fireEvent.click(screen.getByText('Create'));
    await screen.findByText('Add alarm scheme');
    fireEvent.change(field('name').querySelector('input') as HTMLElement, {
      target: { value: 'Night demand' },
    });
    fireEvent.click(within(field('thresholds')).getByLabelText('Remove 1'));
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() =>
      expect(field('thresholds').querySelector('[role=alert]')?.textContent).toBe(
        'choose at least one level',
      ),
    );
    expect(field('kind').querySelector('[role=alert]')?.textContent).toBe('kind is required');
    expect(field('logTypes').querySelector('[role=alert]')?.textContent).toBe(
      'choose at least one event type',
    );
    expect(s.callsOf('events.createScheme')).toHaveLength(0);
  });

  it('keeps the alarm sound’s volume and mute in this browser', async () => {
    renderWithProviders(<EventCallPoliceConfigPage />, { client: server().client, session: fwSession([]) });
    expect(screen.getByTestId('volume-value').textContent).toBe('100');
    fireEvent.click(screen.getByLabelText('Mute'));
    expect(JSON.parse(localStorage.getItem(ALARM_SOUND_KEY) ?? '{}')).toEqual({ volume: 100, muted: true });
    fireEvent.click(screen.getByText('Test sound'));
    expect(await screen.findByText('Muted')).toBeTruthy();
    await screen.findByText('Demand watch');
    expect(screen.queryByText('Create')).toBeNull();
  });
});
