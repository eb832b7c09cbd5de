import { buildNavMenu, NOTICE_MODE } from '@eem/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { ProjectNavigationPage } from './ProjectNavigationPage';

afterEach(cleanup);

function project(id: number, name: string, company: string, lon: number, lat: number) {
  return {
    id,
    modelLabel: 'project',
    name,
    tenantId: 1,
    company,
    address: `${name} street 1`,
    level: '1',
    operationDate: Date.UTC(2024, 10, 22),
    longitude: lon,
    latitude: lat,
    children: [],
  };
}

function notice(id: number, projectId: number, eventClass: number) {
  return {
    id,
    time: Date.now(),
    recordTime: Date.now(),
    logType: 701,
    logTypeName: 'Energy over limit',
    eventClass,
    description: 'limit',
    projectId,
    content: '{}',
  };
}

function server() {
  return fakeServer({
    'projects.cloudProjects': () => [
      project(1, 'Shanghai Plant', 'Demo Energy Group', 121.59, 31.2),
      project(2, 'Berlin Works', 'Demo Energy Group', 13.27, 52.54),
      project(3, 'Chicago Mill', 'Northwind Foods', -87.66, 41.89),
    ],
    'notices.messageLog': () => ({ total: 3, list: [notice(1, 2, 1), notice(2, 2, 2), notice(3, 1, 3)] }),
    'shell.enumerations': () => [
      { modelLabel: 'projectlevel', enums: [{ id: 1, text: '一级', enText: 'Level 1' }] },
    ],
    'shell.navmenu': () => buildNavMenu(),
  });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const card = (name: string) => screen.getByLabelText(name, { selector: '.eem-project-card' });

describe('ProjectNavigationPage', () => {
  it("shows every project as a card and a pin, with today's accidents and alarms", async () => {
    const s = server();
    renderWithProviders(<ProjectNavigationPage />, {
      client: s.client,
      withMenu: true,
      session: { user: { id: 1, name: 'admin', permissions: [] } as never },
    });
    await screen.findByLabelText('Chicago Mill', { selector: '.eem-project-card' });
    expect(card('Berlin Works').textContent).toContain('Berlin Works street 1');
    expect(card('Berlin Works').textContent).toContain('2024-11-22');
    expect(card('Berlin Works').textContent).toContain('Level 1');
    // accident and alarm only (class 1 and 2): Berlin 2, Shanghai 0
    await waitFor(() =>
      expect(card('Berlin Works').querySelector('.eem-alarm-count')?.textContent).toBe('2'),
    );
    expect(card('Shanghai Plant').querySelector('.eem-alarm-count')).toBeNull();
    expect(
      screen.getAllByRole('button', { name: /^(Shanghai Plant|Berlin Works|Chicago Mill)$/ }),
    ).toHaveLength(3);
    expect(s.callsOf('notices.messageLog')[0]?.body).toMatchObject({ noticeMode: NOTICE_MODE, receiver: 1 });
  });

  it('searches by name and filters by company', async () => {
    renderWithProviders(<ProjectNavigationPage />, { client: server().client, withMenu: true });
    await screen.findByText('3 projects');
    fireEvent.change(screen.getByPlaceholderText('Search by project name'), { target: { value: 'mill' } });
    expect(screen.getByText('1 projects')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search by project name'), { target: { value: '' } });
    const companySelect = screen.getAllByText('Company').find((el) => el.closest('.semi-select'));
    fireEvent.click(companySelect?.closest('.semi-select') as HTMLElement);
    fireEvent.click(screen.getByText('Demo Energy Group', { selector: '.semi-select-option-text' }));
    expect(await screen.findByText('2 projects')).toBeTruthy();
  });

  it("'Enter' stores the project id and opens the project's first permitted menu item", async () => {
    const setProjectId = vi.fn();
    renderWithProviders(
      <>
        <ProjectNavigationPage />
        <Where />
      </>,
      {
        client: server().client,
        withMenu: true,
        route: '/projectnavigation',
        session: {
          setProjectId,
          permissions: new Set(['general_projectOverview', 'cloud_usermanage', 'user_browser']),
        },
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Enter Chicago Mill' }));
    expect(setProjectId).toHaveBeenCalledWith(3);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/projectOverview'));
  });
});
