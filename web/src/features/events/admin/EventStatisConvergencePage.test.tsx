import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders } from '../../../blocks/test-kit';
import { EventStatisConvergencePage } from './EventStatisConvergencePage';
import { fwSession } from './test-fixtures';

afterEach(cleanup);

describe('EventStatisConvergencePage', () => {
  it('shows raw against converged counts and the reduction', async () => {
    const s = fakeServer({
      'events.convergenceCount': () => ({
        raw: 40,
        converged: 10,
        reduction: 0.75,
        byType: [{ key: 704, label: 'Demand over threshold', count: 10 }],
        byNode: [{ key: 21, label: 'Hall A / Main meter', count: 10 }],
        trend: [{ day: Date.UTC(2024, 2, 1), raw: 40, converged: 10 }],
      }),
    });
    renderWithProviders(<EventStatisConvergencePage />, { client: s.client, session: fwSession([]) });
    expect((await screen.findByText('40')).dataset.testid).toBe('raw-count');
    expect(screen.getByTestId('converged-count').textContent).toBe('10');
    expect(screen.getByTestId('reduction').textContent).toBe('75.0%');
    expect(s.callsOf('events.convergenceCount')[0]?.body).toMatchObject({ startTime: expect.any(Number) });
  });
});
