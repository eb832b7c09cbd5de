import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, renderWithProviders, testProject } from '../../../blocks/test-kit';
import { VersionsField } from './VersionsField';
import type { VersionValue } from './version-model';

afterEach(cleanup);

const METHODS = [
  { value: 'fixedRatio', label: 'Fixed ratio' },
  { value: 'area', label: 'By area' },
];
const SOURCE = { id: 1, modelLabel: 'room', name: 'Hall' };
const A = { id: 2, modelLabel: 'room', name: 'Shop A' };
const B = { id: 3, modelLabel: 'room', name: 'Shop B' };

const server = () =>
  fakeServer({
    'projects.projects': () => [testProject()],
    'nodes.nodeTreeSimpleWithAuth': () => [
      { id: 2, modelLabel: 'project', name: 'Berlin Works', children: [SOURCE, A, B] },
    ],
  });

/** The field as the dialog holds it: its value in state, what it was last handed kept. */
function Harness({ initial, seen }: { initial: VersionValue[]; seen: { value: unknown } }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <VersionsField
      labelId="versions-label"
      value={value}
      onChange={(v) => {
        seen.value = v;
        setValue(v);
      }}
      values={{ source: SOURCE, versions: value }}
      mode="create"
      error={undefined}
      methods={METHODS}
      maxTargets={200}
      maxVersions={20}
      source={SOURCE}
    />
  );
}

const version = (patch: Partial<VersionValue>): VersionValue => ({
  from: Date.UTC(2026, 0, 1),
  to: null,
  method: 'fixedRatio',
  targets: [
    { node: A, ratio: 0.5, weight: null },
    { node: B, ratio: 0.4, weight: null },
  ],
  ...patch,
});

const session = { module: 'fw' as const, projectId: 2, effectiveProjectId: 2 };

describe('VersionsField', () => {
  it('shows the sum of the ratios as the user types and splits evenly to exactly 1', async () => {
    const seen = { value: null as unknown };
    renderWithProviders(<Harness initial={[version({})]} seen={seen} />, {
      client: server().client,
      session,
    });
    const sum = await screen.findByTestId('ratio-sum');
    expect(sum.getAttribute('data-sum')).toBe('0.9');
    expect(sum.textContent).toBe('The ratios sum to 0.9, not 1');
    const ratio = screen.getAllByLabelText('Ratio')[1] as HTMLInputElement;
    fireEvent.change(ratio, { target: { value: '0.5' } });
    expect(screen.getByTestId('ratio-sum').getAttribute('data-sum')).toBe('1');
    expect(screen.getByTestId('ratio-sum').textContent).toBe('The ratios sum to 1');
    fireEvent.change(ratio, { target: { value: '0.1' } });
    expect(screen.getByTestId('ratio-sum').getAttribute('data-sum')).toBe('0.6');
    fireEvent.click(screen.getByRole('button', { name: 'Split evenly' }));
    const split = (seen.value as VersionValue[])[0]?.targets.map((t) => t.ratio);
    expect(split).toEqual([0.5, 0.5]);
    expect(screen.getByTestId('ratio-sum').getAttribute('data-sum')).toBe('1');
  });

  it('marks a target that is the source node and offers no new period while the last is open-ended', async () => {
    const seen = { value: null as unknown };
    renderWithProviders(
      <Harness initial={[version({ targets: [{ node: SOURCE, ratio: 1, weight: null }] })]} seen={seen} />,
      { client: server().client, session },
    );
    expect(await screen.findByTestId('same-as-source')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add an effective period' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(screen.getByText('A new period cannot be added while the last one has no end')).toBeTruthy();
  });

  it('adds a period from where the last one ends, with its method and targets', async () => {
    const seen = { value: null as unknown };
    const to = Date.UTC(2026, 5, 1);
    renderWithProviders(<Harness initial={[version({ to, method: 'area' })]} seen={seen} />, {
      client: server().client,
      session,
    });
    // Weights instead of ratios for a method by area: no sum shown.
    expect(screen.queryByTestId('ratio-sum')).toBeNull();
    expect(screen.getAllByLabelText('Basis')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Add an effective period' }));
    const versions = seen.value as VersionValue[];
    expect(versions).toHaveLength(2);
    expect(versions[1]).toMatchObject({ from: to, to: null, method: 'area' });
    expect(versions[1]?.targets.map((t) => t.node?.id)).toEqual([2, 3]);
  });
});
