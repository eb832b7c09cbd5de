import { Modal } from '@douyinfe/semi-ui-19';
import type { ProjectProfile } from '@eem/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../blocks/test-kit';
import { ProjectOverviewPage } from './ProjectOverviewPage';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
});

const OPERATION = Date.UTC(2024, 10, 22);

function doc(n: number) {
  return {
    fileName: `${String(n).repeat(32).slice(0, 32)}.pdf`,
    originalName: `manual-${n}.pdf`,
    size: 2048,
    contentType: 'application/pdf',
  };
}

function profile(patch: Partial<ProjectProfile> = {}): ProjectProfile {
  return {
    id: 2,
    tenantId: 1,
    tenantid: 1,
    name: 'Berlin Works',
    code: 'BE-01',
    timeZone: 'Europe/Berlin',
    modelLabel: 'project',
    level: '1',
    company: 'Demo Energy Group',
    address: 'Am Werk 12, 13629 Berlin',
    longitude: 13.27,
    latitude: 52.54,
    area: 18_500,
    people: 260,
    cooperationDeadline: Date.UTC(2029, 10, 21),
    operationDate: OPERATION,
    annualOutput: 410_000_000,
    description: 'Berlin Works: demo site of the simulator.',
    mainImage: null,
    documents: [doc(1)],
    tenantName: 'Demo Energy Group',
    ...patch,
  };
}

function server(p = profile()) {
  return fakeServer({
    'projects.nodeData': () => p,
    'projects.updateNode': () => p,
    'shell.enumerations': () => [
      { modelLabel: 'projectlevel', enums: [{ id: 1, text: '一级', enText: 'Level 1' }] },
    ],
  });
}

const editor = { module: 'fw' as const, effectiveProjectId: 2, permissions: new Set(['nodeconfig_update']) };
const modal = () => document.querySelector('.semi-modal-content') as HTMLElement;
const field = (name: string) => modal().querySelector(`[data-field="${name}"]`) as HTMLElement;

describe('ProjectOverviewPage', () => {
  it('shows the profile with formatted numbers and the documents', async () => {
    const s = server();
    renderWithProviders(<ProjectOverviewPage />, {
      client: s.client,
      session: { ...editor, permissions: new Set() },
    });
    expect(await screen.findByText('Am Werk 12, 13629 Berlin')).toBeTruthy();
    expect(screen.getByText('18500.00')).toBeTruthy();
    expect(screen.getByText('410000000.00')).toBeTruthy();
    expect(screen.getByText('2024-11-22')).toBeTruthy();
    expect(await screen.findByText('Level 1')).toBeTruthy();
    expect(screen.getByText('manual-1.pdf')).toBeTruthy();
    expect(s.callsOf('projects.nodeData')[0]?.body).toEqual({ id: 2, modelLabel: 'project' });
    // no nodeconfig_update: no edit, no upload, no delete
    expect(screen.queryByText('Edit profile')).toBeNull();
    expect(screen.queryByText('Upload document')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });

  it('edits the profile with the ordering and number rules of the server', async () => {
    const s = server();
    renderWithProviders(<ProjectOverviewPage />, { client: s.client, session: editor });
    fireEvent.click(await screen.findByText('Edit profile'));
    await screen.findByText('Edit project profile');
    const people = field('people').querySelector('input') as HTMLElement;
    fireEvent.change(people, { target: { value: '12.5' } });
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() =>
      expect(field('people').querySelector('[role=alert]')?.textContent).toBe(
        'enter a whole number from 0 to 999999999',
      ),
    );
    fireEvent.change(people, { target: { value: '300' } });
    fireEvent.change(field('name').querySelector('input') as HTMLElement, { target: { value: 'Berlin #2' } });
    await waitFor(() =>
      expect(field('name').querySelector('[role=alert]')?.textContent).toBe(
        'special characters are not allowed',
      ),
    );
    fireEvent.change(field('name').querySelector('input') as HTMLElement, {
      target: { value: 'Berlin Works' },
    });
    await waitFor(() => expect(modal().querySelector('[role=alert]')).toBeNull());
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() => expect(s.callsOf('projects.updateNode')).toHaveLength(1));
    expect(s.callsOf('projects.updateNode')[0]?.body).toMatchObject({
      id: 2,
      modelLabel: 'project',
      people: 300,
      area: 18500,
    });
  });

  it('refuses a cooperation deadline before the operation date', async () => {
    const s = server(profile({ cooperationDeadline: OPERATION - 86_400_000 }));
    renderWithProviders(<ProjectOverviewPage />, { client: s.client, session: editor });
    fireEvent.click(await screen.findByText('Edit profile'));
    fireEvent.click(within(modal()).getByText('Save'));
    await waitFor(() =>
      expect(field('cooperationDeadline').querySelector('[role=alert]')?.textContent).toBe(
        'cooperation deadline must be later than operation date',
      ),
    );
    expect(s.callsOf('projects.updateNode')).toHaveLength(0);
  });

  it('allows at most 5 documents and only xls, xlsx, docx or pdf', async () => {
    renderWithProviders(<ProjectOverviewPage />, {
      client: server(profile({ documents: [1, 2, 3, 4, 5].map(doc) })).client,
      session: editor,
    });
    await screen.findByText('manual-5.pdf');
    expect(screen.getByText('Upload document').closest('button')?.hasAttribute('disabled')).toBe(true);
    cleanup();
    renderWithProviders(<ProjectOverviewPage />, { client: server().client, session: editor });
    await screen.findByText('manual-1.pdf');
    fireEvent.change(screen.getByLabelText('Upload document'), {
      target: { files: [new File([new Uint8Array([1])], 'setup.exe')] },
    });
    expect(await screen.findByText('documents must be xls, xlsx, docx or pdf')).toBeTruthy();
  });
});
