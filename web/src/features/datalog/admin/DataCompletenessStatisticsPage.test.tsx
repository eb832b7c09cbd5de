import { Modal } from '@douyinfe/semi-ui-19';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, fileAnswer, renderWithProviders } from '../../../blocks/test-kit';
import { DataCompletenessStatisticsPage } from './DataCompletenessStatisticsPage';
import { completeness, fwSession, MARCH_1, meterTree } from './test-fixtures';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const Q = 15 * 60_000;

function server(tree = meterTree()) {
  return fakeServer({
    'datalog.meterTree': () => tree,
    'datalog.completeness': () => completeness(),
    'datalog.completenessDetail': () => [
      {
        pointId: 7,
        name: 'Active energy',
        unit: 'kWh',
        expected: 96,
        received: 93,
        missing: [MARCH_1 + 40 * Q, MARCH_1 + 41 * Q, MARCH_1 + 60 * Q],
      },
      { pointId: 8, name: 'Active power', unit: 'kW', expected: 96, received: 96, missing: [] },
    ],
    'datalog.completenessExport': () => fileAnswer(new Uint8Array([80, 75]), 'completeness.xlsx'),
  });
}

const table = () => screen.getByRole('table', { name: 'Data completeness' });

describe('DataCompletenessStatisticsPage', () => {
  it('shows all meters by day with averages per meter, per day and overall, coloured by level', async () => {
    const s = server();
    renderWithProviders(<DataCompletenessStatisticsPage />, { client: s.client, session: fwSession([]) });
    await screen.findByRole('table', { name: 'Data completeness' });
    // All metered nodes: no nodeIds sent; the default range is the last 7 days.
    const body = s.callsOf('datalog.completeness')[0]?.body as {
      nodeIds?: number[];
      startTime: number;
      endTime: number;
    };
    expect(body.nodeIds).toBeUndefined();
    expect(body.endTime - body.startTime).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);

    const heads = [...table().querySelectorAll('thead th')].map((th) => th.textContent);
    expect(heads).toEqual(['Meter', '03-01', '03-02', '03-03', 'Average']);
    const main = table().querySelector('tr[data-node="21"]') as HTMLElement;
    expect([...main.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '100%',
      '90.5%',
      '50%',
      '80.2%',
    ]);
    expect([...main.querySelectorAll('[data-level]')].map((e) => e.getAttribute('data-level'))).toEqual([
      'good',
      'fair',
      'bad',
      'fair',
    ]);
    const foot = [...table().querySelectorAll('tfoot td')].map((td) => td.textContent);
    expect(foot).toEqual(['99.3%', '90.5%', '75%', '84.1%']);
    // A day without expected readings is no button.
    const boiler = table().querySelector('tr[data-node="31"]') as HTMLElement;
    expect(within(boiler).getAllByRole('button')).toHaveLength(2);
  });

  it('opens the missing intervals of a cell with a link to meter entry', async () => {
    const s = server();
    renderWithProviders(<DataCompletenessStatisticsPage />, { client: s.client, session: fwSession([]) });
    await screen.findByRole('table', { name: 'Data completeness' });
    fireEvent.click(screen.getByRole('button', { name: 'Main meter 2024-03-01: 100%' }));
    expect(await screen.findByText('Missing data of Main meter on 2024-03-01')).toBeTruthy();
    expect(s.callsOf('datalog.completenessDetail')[0]?.body).toEqual({
      nodeId: 21,
      startTime: MARCH_1,
      endTime: MARCH_1 + 86_400_000,
    });
    expect(await screen.findByText('10:00–10:30, 15:00–15:15')).toBeTruthy();
    expect(screen.getByText('96.9%')).toBeTruthy();
    expect(screen.getByText('none missing')).toBeTruthy();
    expect(screen.getByText('Fill in on meter entry')).toBeTruthy();
  });

  it('narrows to the meters under the ticked nodes and exports what is shown', async () => {
    const s = server();
    renderWithProviders(<DataCompletenessStatisticsPage />, { client: s.client, session: fwSession([]) });
    await screen.findByRole('table', { name: 'Data completeness' });
    fireEvent.click(screen.getByText('Hall A').closest('li')?.querySelector('.semi-checkbox') as HTMLElement);
    expect(await screen.findByText('2 meters selected')).toBeTruthy();
    fireEvent.click(screen.getByText('Query'));
    await waitFor(() => expect(s.callsOf('datalog.completeness')).toHaveLength(2));
    expect(s.callsOf('datalog.completeness')[1]?.body).toMatchObject({ nodeIds: [21, 23] });

    fireEvent.click(screen.getByText('Export'));
    await waitFor(() => expect(s.callsOf('datalog.completenessExport')).toHaveLength(1));
    expect(s.callsOf('datalog.completenessExport')[0]?.body).toEqual(
      s.callsOf('datalog.completeness')[1]?.body,
    );
  });

  it('says so when the project has no meters', async () => {
    const s = server([{ id: 2, modelLabel: 'project', name: 'Empty works', pointCount: 0, children: [] }]);
    renderWithProviders(<DataCompletenessStatisticsPage />, { client: s.client, session: fwSession([]) });
    expect(
      await screen.findByText('This project has no meters (no node with measurement points)'),
    ).toBeTruthy();
    expect(s.callsOf('datalog.completeness')).toHaveLength(0);
  });
});
