import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { ExportButton } from './ExportButton';

afterEach(cleanup);

const request = (count: number) => ({
  pointIds: Array.from({ length: count }, (_, i) => i + 1),
  startTime: 1_000,
  endTime: 2_000,
  interval: '15m' as const,
});

describe('ExportButton', () => {
  it('refuses more than 6 points and says why', () => {
    renderWithProviders(<ExportButton request={request(7)} />);
    expect(screen.getByText('At most 6 points can be exported')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export/ }).hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's refusal", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    const s = fakeServer({ 'datalog.exportQuery': () => failure(-1, 'the export would hold too many rows') });
    renderWithProviders(<ExportButton request={request(6)} />, { client: s.client });
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('the export would hold too many rows')).toBeTruthy();
    await waitFor(() => expect(s.callsOf('datalog.exportQuery')).toHaveLength(1));
  });
});
