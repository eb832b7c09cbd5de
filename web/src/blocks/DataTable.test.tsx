import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable } from './DataTable';
import { failure, fakeServer, fileAnswer, renderWithProviders } from './test-kit';

interface Reading {
  id: number;
  node: string;
  value: number | null;
}

const columns: DataColumn<Reading>[] = [
  { key: 'node', title: 'Node' },
  { key: 'value', title: 'Value' },
];

const rows: Reading[] = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  node: `Meter ${i + 1}`,
  value: i + 1,
}));

const saved: { name: string; href: string }[] = [];
beforeEach(() => {
  saved.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const body = { startTime: 0, endTime: 86_400_000 };

describe('DataTable', () => {
  it('shows 50 rows a page and pages on', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByText('Meter 50')).toBeTruthy();
    expect(screen.queryByText('Meter 51')).toBeNull();
    expect(screen.getByText('120 rows')).toBeTruthy();
    const pageTwo = [...document.querySelectorAll('.semi-page-item')].find((el) => el.textContent === '2');
    if (!(pageTwo instanceof HTMLElement)) throw new Error('no page 2');
    fireEvent.click(pageTwo);
    expect(screen.getByText('Meter 51')).toBeTruthy();
    expect(screen.queryByText('Meter 1')).toBeNull();
  });

  it("says 'no data' when there are no rows", () => {
    renderWithProviders(
      <DataTable columns={columns} rows={[]} rowKey={(r) => r.id} summary={{ columns: ['value'] }} />,
    );
    expect(screen.getByText('no data')).toBeTruthy();
    expect(screen.queryByText('Total')).toBeNull();
  });

  it('adds total, max, min and average rows, skipping invalid values', () => {
    const few: Reading[] = [
      { id: 1, node: 'A', value: 10 },
      { id: 2, node: 'B', value: null },
      { id: 3, node: 'C', value: 2147483648 },
      { id: 4, node: 'D', value: 20.5 },
    ];
    renderWithProviders(
      <DataTable columns={columns} rows={few} rowKey={(r) => r.id} summary={{ columns: ['value'] }} />,
    );
    const cellNextTo = (label: string) => {
      const row = screen.getByText(label).closest('tr');
      if (!row) throw new Error(`no row ${label}`);
      return [...row.querySelectorAll('td')].at(-1)?.textContent;
    };
    expect(cellNextTo('Total')).toBe('30.50');
    expect(cellNextTo('Max')).toBe('20.50');
    expect(cellNextTo('Min')).toBe('10.00');
    expect(cellNextTo('Avg')).toBe('15.25');
  });

  it('exports under the filename the server gives', async () => {
    const server = fakeServer({
      'logs.exportOperationLog': () => fileAnswer(new Uint8Array([80, 75, 3, 4]), '操作日志.xlsx'),
    });
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows.slice(0, 3)}
        rowKey={(r) => r.id}
        exporter={(c) => c.logs.exportOperationLog.download({ body })}
      />,
      { client: server.client },
    );
    fireEvent.click(screen.getByText('Export'));
    expect(await screen.findByText('Exported 操作日志.xlsx')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['操作日志.xlsx']);
    expect(server.callsOf('logs.exportOperationLog')[0]?.body).toMatchObject(body);
  });

  it("shows the server's msg, or 'abnormal export file', when the export fails", async () => {
    let answer = failure(500, 'too many rows to export');
    const server = fakeServer({ 'logs.exportOperationLog': () => answer });
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows.slice(0, 3)}
        rowKey={(r) => r.id}
        exporter={(c) => c.logs.exportOperationLog.download({ body })}
      />,
      { client: server.client },
    );
    fireEvent.click(screen.getByText('Export'));
    expect(await screen.findByText('too many rows to export')).toBeTruthy();
    answer = failure(500, '');
    fireEvent.click(screen.getByText('Export'));
    expect(await screen.findByText('abnormal export file')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
