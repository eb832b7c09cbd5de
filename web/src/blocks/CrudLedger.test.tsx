import { Modal } from '@douyinfe/semi-ui-19';
import { createTenantBody } from '@eem/contract';
import { EemError } from '@eem/sdk';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CrudLedger, type FormFieldDef, type PageState } from './CrudLedger';
import { validateWith } from './form-issues';
import { renderWithProviders } from './test-kit';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

/** The OK button of the newest dialog (closed confirms fade out after their action). */
const lastOk = async () => (await screen.findAllByText('OK')).at(-1) as HTMLElement;

interface Tenant {
  id: number;
  name: string;
}
type TenantForm = { name: string };
type TenantFilters = { keyword: string };

function store(initial: string[]) {
  let nextId = 1;
  const rows: Tenant[] = initial.map((name) => ({ id: nextId++, name }));
  const queries: { filters: TenantFilters; page: PageState }[] = [];
  return {
    rows,
    queries,
    query: (filters: TenantFilters, page: PageState) => ({
      queryKey: ['users', 'tenants', { filters, page }] as const,
      queryFn: async () => {
        queries.push({ filters, page });
        const found = rows.filter((r) => r.name.includes(filters.keyword));
        return {
          total: found.length,
          list: found.slice(page.index * page.limit, (page.index + 1) * page.limit),
        };
      },
    }),
    create: async (v: TenantForm) => {
      rows.push({ id: nextId++, name: v.name.trim() });
    },
    remove: async (row: Tenant) => {
      if (row.name === 'Locked')
        throw new EemError({
          code: 409,
          msg: 'the tenant still has projects',
          endpointId: 'users.deleteTenant',
        });
      rows.splice(rows.indexOf(row), 1);
    },
  };
}

const fields: FormFieldDef<TenantForm>[] = [{ field: 'name', label: 'Name', type: 'text', required: true }];

function Ledger({ s }: { s: ReturnType<typeof store> }) {
  return (
    <CrudLedger<Tenant, TenantForm, TenantFilters>
      aria-label="tenants"
      filters={[{ field: 'keyword', label: 'Keyword', type: 'text' }]}
      initialFilters={{ keyword: '' }}
      query={s.query}
      columns={[{ key: 'name', title: 'Name' }]}
      rowKey={(r) => r.id}
      rowName={(r) => r.name}
      form={{
        fields,
        empty: () => ({ name: '' }),
        fromRow: (r) => ({ name: r.name }),
        // the server's own body schema decides, with its messages
        validate: (v) => validateWith(createTenantBody, v),
      }}
      onCreate={s.create}
      onUpdate={async () => undefined}
      onDelete={s.remove}
      onDeleteMany={async (rows) => {
        for (const r of rows) await s.remove(r);
      }}
    />
  );
}

const dialogInput = () => {
  const input = document.querySelector('.semi-modal input');
  if (!(input instanceof HTMLInputElement)) throw new Error('no dialog input');
  return input;
};

describe('CrudLedger', () => {
  it('lists rows, filters with Query and clears with Reset', async () => {
    const s = store(['Demo Energy Group', 'Northwind Foods']);
    renderWithProviders(<Ledger s={s} />);
    expect(await screen.findByText('Northwind Foods')).toBeTruthy();
    expect(s.queries[0]).toEqual({ filters: { keyword: '' }, page: { index: 0, limit: 50 } });
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'Demo' } });
    fireEvent.click(screen.getByText('Query'));
    await waitFor(() => expect(screen.queryByText('Northwind Foods')).toBeNull());
    fireEvent.click(screen.getByText('Reset'));
    expect(await screen.findByText('Northwind Foods')).toBeTruthy();
    expect((screen.getByPlaceholderText('Keyword') as HTMLInputElement).value).toBe('');
  });

  it("says 'no data' for an empty ledger", async () => {
    renderWithProviders(<Ledger s={store([])} />);
    expect(await screen.findByText('no data')).toBeTruthy();
  });

  it('validates the dialog with the server rules and creates the row', async () => {
    const s = store(['Demo Energy Group']);
    renderWithProviders(<Ledger s={s} />);
    await screen.findByText('Demo Energy Group');
    fireEvent.click(screen.getByText('Create'));
    fireEvent.click(screen.getByText('Save'));
    expect((await screen.findByRole('alert')).textContent).toBe('name cannot be empty');
    fireEvent.change(dialogInput(), { target: { value: 'Acme#1' } });
    expect((await screen.findByRole('alert')).textContent).toBe('special characters are not allowed');
    fireEvent.change(dialogInput(), { target: { value: 'x'.repeat(51) } });
    expect((await screen.findByRole('alert')).textContent).toBe('1 to 50 characters in length');
    fireEvent.change(dialogInput(), { target: { value: 'Acme Steel' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Acme Steel')).toBeTruthy();
    expect(s.rows.map((r) => r.name)).toEqual(['Demo Energy Group', 'Acme Steel']);
  });

  it('deletes after confirmation and shows a refusal of the server as a toast', async () => {
    const s = store(['Old Tenant', 'Locked']);
    renderWithProviders(<Ledger s={s} />);
    await screen.findByText('Old Tenant');
    fireEvent.click(screen.getAllByText('Delete')[0] as HTMLElement);
    expect(await screen.findByText('Delete “Old Tenant”?')).toBeTruthy();
    fireEvent.click(await lastOk());
    await waitFor(() => expect(screen.queryByText('Old Tenant')).toBeNull());

    fireEvent.click(screen.getAllByText('Delete')[0] as HTMLElement);
    fireEvent.click(await lastOk());
    expect(await screen.findByText('the tenant still has projects')).toBeTruthy();
    expect(s.rows.map((r) => r.name)).toEqual(['Locked']);
  });

  it('deletes the ticked rows in one go', async () => {
    const s = store(['A one', 'B two', 'C three']);
    renderWithProviders(<Ledger s={s} />);
    await screen.findByText('A one');
    const boxes = [...document.querySelectorAll('tbody .semi-checkbox')];
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[2] as HTMLElement);
    fireEvent.click(screen.getByText('Delete selected'));
    expect(await screen.findByText('Delete the 2 selected records?')).toBeTruthy();
    fireEvent.click(await lastOk());
    await waitFor(() => expect(s.rows.map((r) => r.name)).toEqual(['B two']));
    await waitFor(() => expect(screen.queryByText('A one')).toBeNull());
  });
});

describe('CrudLedger refusals', () => {
  it("shows the server's message when the list is refused", async () => {
    renderWithProviders(
      <CrudLedger<Tenant, TenantForm, TenantFilters>
        initialFilters={{ keyword: '' }}
        query={() => ({
          queryKey: ['users', 'tenants', { refused: true }],
          queryFn: async () => {
            throw new EemError({
              code: 4003,
              msg: 'no permission for tenant 9',
              endpointId: 'users.tenants',
            });
          },
        })}
        columns={[{ key: 'name', title: 'Name' }]}
        rowKey={(r) => r.id}
      />,
    );
    expect(await screen.findByText('no permission for tenant 9')).toBeTruthy();
    expect(screen.getByText('no data')).toBeTruthy();
  });
});
