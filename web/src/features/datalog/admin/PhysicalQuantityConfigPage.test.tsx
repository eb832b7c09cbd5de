import { Modal } from '@douyinfe/semi-ui-19';
import type { PhysicalQuantity } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { PhysicalQuantityConfigPage } from './PhysicalQuantityConfigPage';
import { fwSession, models, quantity } from './test-fixtures';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const IN_USE = 'physical quantity 1000 is measured by 12 points and cannot be deleted';

const SHARED =
  'physical quantity 有功功率 is shared with projects you do not manage; only a tenant administrator may change it (create your own instead)';

function server() {
  const rows: PhysicalQuantity[] = [
    quantity(),
    quantity({
      id: 2,
      dataId: 5000,
      name: '温度',
      enName: 'Temperature',
      unit: '°C',
      energyType: null,
      kind: 'instantaneous',
      aggregation: 'avg',
      decimals: 1,
      deviceTypes: ['device', 'pipe'],
      pointCount: 0,
    }),
    quantity({
      id: 3,
      dataId: 2000,
      name: '有功功率',
      enName: 'Active power',
      unit: 'kW',
      lockedReason: SHARED,
    }),
  ];
  return fakeServer({
    'datalog.models': () => models(),
    'shell.enumerations': () => [
      {
        modelLabel: 'energytype',
        enums: [
          { id: 2, text: '电', enText: 'Electricity' },
          { id: 3, text: '水', enText: 'Water' },
        ],
      },
    ],
    'datalog.quantities': (req) => {
      const keyword = (req.body as { keyword: string }).keyword.toLowerCase();
      const list = rows.filter(
        (r) => !keyword || `${r.name} ${r.enName} ${r.unit}`.toLowerCase().includes(keyword),
      );
      return { total: list.length, list };
    },
    'datalog.createQuantity': (req) => {
      const made = { ...(req.body as PhysicalQuantity), id: 9, pointCount: 0, lockedReason: null };
      rows.push(made);
      return made;
    },
    'datalog.updateQuantity': (req) => {
      const body = req.body as PhysicalQuantity;
      const i = rows.findIndex((r) => r.id === body.id);
      rows[i] = { ...(rows[i] as PhysicalQuantity), ...body };
      return rows[i];
    },
    'datalog.deleteQuantity': () => failure(-1, IN_USE),
  });
}

const modal = () => [...document.querySelectorAll('.semi-modal-content')].at(-1) as HTMLElement;
const field = (name: string) => modal().querySelector(`[data-field="${name}"]`) as HTMLElement;
const type = (name: string, value: string) =>
  fireEvent.change(field(name).querySelector('input') as HTMLElement, { target: { value } });

describe('PhysicalQuantityConfigPage', () => {
  it('lists the quantities with their energy type, kind, aggregation and linked node types', async () => {
    renderWithProviders(<PhysicalQuantityConfigPage />, {
      client: server().client,
      session: fwSession(['nodeconfig_update']),
    });
    const row = (await screen.findByText('Temperature')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Instantaneous')).toBeTruthy();
    expect(within(row).getByText('Average')).toBeTruthy();
    expect(within(row).getByText('Any')).toBeTruthy();
    expect(await within(row).findByText('Device')).toBeTruthy();
    expect(within(row).getByText('Pipe')).toBeTruthy();
    const energy = screen.getByText('Active energy').closest('tr') as HTMLElement;
    expect(await within(energy).findByText('Electricity')).toBeTruthy();
    expect(within(energy).getByText('Cumulative')).toBeTruthy();
  });

  it('adds a quantity after refusing bad fields under them', async () => {
    const s = server();
    renderWithProviders(<PhysicalQuantityConfigPage />, {
      client: s.client,
      session: fwSession(['nodeconfig_update']),
    });
    await screen.findByText('Temperature');
    fireEvent.click(screen.getByText('Create'));
    await screen.findByText('Add physical quantity');
    type('name', 'x'.repeat(51));
    type('decimals', '9');
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() =>
      expect(field('name').querySelector('[role=alert]')?.textContent).toBe('at most 50 characters'),
    );
    expect(field('dataId').querySelector('[role=alert]')?.textContent).toBe('dataId must be a number');
    expect(field('decimals').querySelector('[role=alert]')?.textContent).toBe('decimals must be 0 to 6');
    expect(s.callsOf('datalog.createQuantity')).toHaveLength(0);

    type('dataId', '7001');
    type('name', 'Flow rate');
    type('unit', 'm³/h');
    type('decimals', '3');
    await waitFor(() => expect(modal().querySelector('[role=alert]')).toBeNull());
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('datalog.createQuantity')).toHaveLength(1));
    expect(s.callsOf('datalog.createQuantity')[0]?.body).toMatchObject({
      dataId: 7001,
      name: 'Flow rate',
      unit: 'm³/h',
      decimals: 3,
      kind: 'instantaneous',
      aggregation: 'avg',
      energyType: null,
      deviceTypes: ['meter'],
    });
    expect(await screen.findByText('Flow rate')).toBeTruthy();
  });

  it('edits with the data id read-only, and shows why a quantity in use is not deleted', async () => {
    const s = server();
    renderWithProviders(<PhysicalQuantityConfigPage />, {
      client: s.client,
      session: fwSession(['nodeconfig_update']),
    });
    const row = (await screen.findByText('Active energy')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    await screen.findByText('Edit physical quantity');
    expect((field('dataId').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    type('enName', 'Active energy import');
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('datalog.updateQuantity')).toHaveLength(1));
    expect(s.callsOf('datalog.updateQuantity')[0]?.body).toMatchObject({
      id: 1,
      dataId: 1000,
      enName: 'Active energy import',
    });
    const edited = (await screen.findByText('Active energy import')).closest('tr') as HTMLElement;
    fireEvent.click(within(edited).getByText('Delete'));
    fireEvent.click(await screen.findByText('OK'));
    expect(await screen.findByText(IN_USE)).toBeTruthy();
  });

  it('offers no change of a quantity the server would refuse: Edit and Delete disabled, with the reason', async () => {
    const s = server();
    renderWithProviders(<PhysicalQuantityConfigPage />, {
      client: s.client,
      session: fwSession(['nodeconfig_update']),
    });
    const row = (await screen.findByText('Active power')).closest('tr') as HTMLElement;
    for (const label of ['Edit', 'Delete'])
      expect((within(row).getByText(label).closest('button') as HTMLButtonElement).disabled).toBe(true);
    const other = (await screen.findByText('Temperature')).closest('tr') as HTMLElement;
    expect((within(other).getByText('Edit').closest('button') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.mouseEnter(within(row).getByText('Delete').closest('button')?.parentElement as HTMLElement);
    expect(await screen.findByText(SHARED)).toBeTruthy();
  });

  it('reads only without nodeconfig_update', async () => {
    renderWithProviders(<PhysicalQuantityConfigPage />, { client: server().client, session: fwSession([]) });
    await screen.findByText('Temperature');
    expect(screen.queryByText('Create')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });
});
