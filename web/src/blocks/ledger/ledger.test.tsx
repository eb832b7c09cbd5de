import { Modal } from '@douyinfe/semi-ui-19';
import { catalogue, createUserGroupBody, type PhysicalQuantity } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, fileAnswer, renderWithProviders } from '../test-kit';
import {
  defineLedger,
  emptyForm,
  LedgerScreen,
  ledgerColumns,
  ledgerFormFields,
  ledgerRules,
} from './ledger';
import { type SchemaLike, schemaFields } from './schema-fields';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

describe('the rules of a ledger come from the contract', () => {
  it('reads required fields, lengths, ranges, integers, enums and defaults from a body schema', () => {
    const rules = schemaFields(catalogue.datalog.createQuantity.body as unknown as SchemaLike);
    expect(rules.dataId).toMatchObject({
      kind: 'number',
      required: true,
      min: 1,
      max: 999_999_999,
      integer: true,
    });
    expect(rules.name).toMatchObject({ kind: 'string', required: true, minLength: 1, maxLength: 50 });
    expect(rules.enName).toMatchObject({ kind: 'string', required: false, maxLength: 50, default: '' });
    expect(rules.energyType).toMatchObject({
      kind: 'number',
      required: false,
      nullable: true,
      default: null,
    });
    expect(rules.kind).toMatchObject({
      kind: 'enum',
      required: true,
      options: ['cumulative', 'instantaneous'],
    });
    expect(rules.decimals).toMatchObject({ min: 0, max: 6, integer: true });
    expect(rules.deviceTypes).toMatchObject({ kind: 'array', required: false, items: 'string', default: [] });
    const group = schemaFields(createUserGroupBody as unknown as SchemaLike);
    expect(group.groupType).toMatchObject({
      kind: 'enum',
      required: true,
      options: ['operations', 'ordinary'],
    });
    expect(group.customConfig).toMatchObject({ kind: 'object', required: false, default: {} });
  });

  it('turns them into the dialog: stars, selects of the enum, integer inputs, defaults', () => {
    const rules = ledgerRules({ create: catalogue.datalog.createQuantity.body as unknown as SchemaLike });
    const fields = ledgerFormFields(
      {
        name: { label: 'Name' },
        kind: { label: 'Kind', optionLabel: (v: string | number) => `kind ${v}` },
        decimals: { label: 'Decimals' },
        enName: { label: 'English name' },
      },
      rules,
    );
    expect(fields.map((f) => [f.field, f.type, f.required])).toEqual([
      ['name', 'text', true],
      ['kind', 'select', true],
      ['decimals', 'number', true],
      ['enName', 'text', false],
    ]);
    expect(fields[1]?.options).toEqual([
      { value: 'cumulative', label: 'kind cumulative' },
      { value: 'instantaneous', label: 'kind instantaneous' },
    ]);
    expect(fields[2]?.precision).toBe(0);
    expect(emptyForm({ name: { label: 'Name' }, enName: { label: 'English' } }, rules)).toEqual({
      name: '',
      enName: '',
    });
  });

  it('puts plain numbers to the right and labelled or rendered cells where names sit', () => {
    const rules = ledgerRules({ create: catalogue.datalog.createQuantity.body as unknown as SchemaLike });
    const columns = ledgerColumns<PhysicalQuantity>(
      [
        'dataId',
        'decimals',
        'energyType',
        { key: 'name', render: (r) => r.name },
        { key: 'unit', align: 'center' },
      ],
      { energyType: { label: 'Energy type', energyType: true } },
      rules,
      [{ energyType: 1, name: 'Electricity' } as never],
    );
    expect(columns.map((c) => [c.key, c.align])).toEqual([
      ['dataId', 'right'],
      ['decimals', 'right'],
      ['energyType', undefined],
      ['name', undefined],
      ['unit', 'center'],
    ]);
  });
});

function quantity(patch: Partial<PhysicalQuantity> = {}): PhysicalQuantity {
  return {
    id: 1,
    dataId: 1000,
    lockedReason: null,
    name: 'Active energy',
    enName: '',
    unit: 'kWh',
    energyType: 2,
    kind: 'cumulative',
    aggregation: 'sum',
    decimals: 2,
    deviceTypes: ['meter'],
    pointCount: 0,
    ...patch,
  };
}

/** A ledger of quantities with every part of the block: filters, writes, export, import. */
const ledger = defineLedger({
  title: 'Quantities',
  rowKey: (r: PhysicalQuantity) => r.id,
  rowName: (r) => r.name,
  list: {
    endpoint: endpointKey('datalog', 'quantities'),
    input: (f: { keyword: string }, page) => ({ body: { keyword: f.keyword, page } }),
  },
  filters: { initial: { keyword: '' }, fields: [{ field: 'keyword', label: 'Keyword', type: 'text' }] },
  fields: {
    dataId: { label: 'Data id', fixedOnEdit: true },
    name: { label: 'Name' },
    kind: {
      label: 'Kind',
      optionLabel: (k) => (k === 'cumulative' ? 'Counter' : 'Instant'),
      empty: 'instantaneous',
    },
    aggregation: { label: 'Aggregation', empty: 'avg' },
    decimals: { label: 'Decimals', empty: 2 },
  },
  columns: ['dataId', 'name', 'kind', { key: 'pointCount', label: 'Points' }],
  create: { endpoint: endpointKey('datalog', 'createQuantity') },
  update: { endpoint: endpointKey('datalog', 'updateQuantity') },
  remove: { endpoint: endpointKey('datalog', 'deleteQuantity'), input: (r) => ({ query: { id: r.id } }) },
  export: {
    endpoint: endpointKey('datalog', 'completenessExport'),
    input: () => ({ body: { startTime: 1, endTime: 2 } }),
  },
  import: {
    title: 'Import quantities',
    template: (client) => client.datalog.importTemplate.download(),
    upload: async () => undefined,
  },
  writePermission: 'nodeconfig_update',
});

function server() {
  const rows = [
    quantity(),
    quantity({ id: 2, dataId: 2000, name: 'Power', kind: 'instantaneous', pointCount: 3 }),
  ];
  return fakeServer({
    'datalog.quantities': (req) => {
      const keyword = (req.body as { keyword: string }).keyword.toLowerCase();
      const list = rows.filter((r) => r.name.toLowerCase().includes(keyword));
      return { total: list.length, list };
    },
    'datalog.createQuantity': (req) => {
      const made = { ...quantity(), ...(req.body as object), id: 9 };
      rows.push(made);
      return made;
    },
    'datalog.updateQuantity': (req) => {
      const body = req.body as PhysicalQuantity;
      const i = rows.findIndex((r) => r.id === body.id);
      rows[i] = { ...(rows[i] as PhysicalQuantity), ...body };
      return rows[i];
    },
    'datalog.deleteQuantity': (req) => {
      const id = Number(req.url.searchParams.get('id'));
      rows.splice(
        rows.findIndex((r) => r.id === id),
        1,
      );
      return null;
    },
    'datalog.completenessExport': () => fileAnswer(new Uint8Array([80, 75]), 'quantities.xlsx'),
  });
}

const session = { permissions: new Set(['nodeconfig_update']) };
const modal = () => [...document.querySelectorAll('.semi-modal-content')].at(-1) as HTMLElement;
const field = (name: string) => modal().querySelector(`[data-field="${name}"]`) as HTMLElement;
const type = (name: string, value: string) =>
  fireEvent.change(field(name).querySelector('input') as HTMLElement, { target: { value } });

describe('LedgerScreen', () => {
  it('lists the rows with enum labels and filters them', async () => {
    const s = server();
    renderWithProviders(<LedgerScreen description={ledger} />, { client: s.client, session });
    const row = (await screen.findByText('Power')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Instant')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'act' } });
    fireEvent.click(screen.getByText('Query'));
    await waitFor(() => expect(screen.queryByText('Power')).toBeNull());
    expect(screen.getByText('Active energy')).toBeTruthy();
  });

  it('refuses what the contract refuses, with its message at the field, then creates', async () => {
    const s = server();
    renderWithProviders(<LedgerScreen description={ledger} />, { client: s.client, session });
    await screen.findByText('Power');
    fireEvent.click(screen.getByText('Create'));
    // Required fields are starred from the schema.
    await waitFor(() => expect(field('name').querySelector('.semi-form-field-label-required')).toBeTruthy());
    type('name', 'x'.repeat(51));
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() =>
      expect(field('name').querySelector('[role=alert]')?.textContent).toBe('at most 50 characters'),
    );
    expect(field('dataId').querySelector('[role=alert]')?.textContent).toBe('dataId must be a number');
    expect(s.callsOf('datalog.createQuantity')).toHaveLength(0);

    type('name', 'Reactive energy');
    type('dataId', '3000');
    await waitFor(() => expect(field('name').querySelector('[role=alert]')).toBeNull());
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('datalog.createQuantity')).toHaveLength(1));
    expect(s.callsOf('datalog.createQuantity')[0]?.body).toMatchObject({
      dataId: 3000,
      name: 'Reactive energy',
      kind: 'instantaneous',
      aggregation: 'avg',
      decimals: 2,
    });
    expect(await screen.findByText('Reactive energy')).toBeTruthy();
  });

  it('edits with the fixed field locked and sends the row’s id; deletes after confirmation', async () => {
    const s = server();
    renderWithProviders(<LedgerScreen description={ledger} />, { client: s.client, session });
    const row = (await screen.findByText('Power')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    await waitFor(() => expect(field('dataId').querySelector('input')?.hasAttribute('disabled')).toBe(true));
    type('name', 'Active power');
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('datalog.updateQuantity')).toHaveLength(1));
    expect(s.callsOf('datalog.updateQuantity')[0]?.body).toMatchObject({
      id: 2,
      dataId: 2000,
      name: 'Active power',
    });

    const updated = (await screen.findByText('Active power')).closest('tr') as HTMLElement;
    fireEvent.click(within(updated).getByText('Delete'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(s.callsOf('datalog.deleteQuantity')).toHaveLength(1));
    expect(s.callsOf('datalog.deleteQuantity')[0]?.url.searchParams.get('id')).toBe('2');
    await waitFor(() => expect(screen.queryByText('Active power')).toBeNull());
  });

  it('exports through the endpoint’s download and opens the import dialog', async () => {
    const s = server();
    renderWithProviders(<LedgerScreen description={ledger} />, { client: s.client, session });
    await screen.findByText('Power');
    fireEvent.click(screen.getByText('Export'));
    await waitFor(() => expect(s.callsOf('datalog.completenessExport')).toHaveLength(1));
    expect(await screen.findByText('Exported quantities.xlsx')).toBeTruthy();
    fireEvent.click(screen.getByText('Import'));
    expect(await screen.findByText('Import quantities')).toBeTruthy();
  });

  it('only reads without the write permission', async () => {
    renderWithProviders(<LedgerScreen description={ledger} />, { client: server().client });
    await screen.findByText('Power');
    expect(screen.queryByText('Create')).toBeNull();
    expect(screen.queryByText('Import')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
  });
});
