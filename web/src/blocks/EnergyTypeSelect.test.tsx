import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type EnergyTypeOption, EnergyTypeSelect } from './EnergyTypeSelect';
import { fakeServer, renderWithProviders } from './test-kit';

afterEach(cleanup);

const enumerations = [
  {
    modelLabel: 'energytype',
    enums: [
      { id: 2, text: '电', enText: 'Electricity' },
      { id: 3, text: '水', enText: 'Water' },
    ],
  },
];

function SingleHarness({ onPicked }: { onPicked: (option: EnergyTypeOption | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <EnergyTypeSelect
      value={value}
      onChange={(type, option) => {
        setValue(type);
        onPicked(option);
      }}
    />
  );
}

const eight = Array.from({ length: 8 }, (_, i) => ({ energyType: i + 1, name: `Type ${i + 1}`, unit: '' }));

function MultiHarness() {
  const [value, setValue] = useState<number[]>([1, 2, 3, 4, 5, 6]);
  return (
    <>
      <EnergyTypeSelect multiple options={eight} value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

function openSelect() {
  const trigger = document.querySelector('.semi-select');
  if (!(trigger instanceof HTMLElement)) throw new Error('no select');
  fireEvent.click(trigger);
}

describe('EnergyTypeSelect', () => {
  it('lists the energytype enumeration with units and picks one', async () => {
    const server = fakeServer({ 'shell.enumerations': () => enumerations });
    let picked: EnergyTypeOption | null = null;
    renderWithProviders(
      <SingleHarness
        onPicked={(option) => {
          picked = option;
        }}
      />,
      { client: server.client, language: 'zh' },
    );
    openSelect();
    fireEvent.click(await screen.findByText('水 (m³)'));
    expect(picked).toEqual({ energyType: 3, name: '水', unit: 'm³' });
  });

  it('caps a multi selection at 6 types with a toast', async () => {
    renderWithProviders(<MultiHarness />);
    openSelect();
    fireEvent.click(await screen.findByText('Type 7'));
    expect(await screen.findByText('At most 6 energy types can be selected')).toBeTruthy();
    expect(screen.getByTestId('value').textContent).toBe('1,2,3,4,5,6');
  });

  it("says 'no data' when there are no energy types", async () => {
    renderWithProviders(<EnergyTypeSelect options={[]} value={null} onChange={() => undefined} />);
    openSelect();
    expect(await screen.findByText('no data')).toBeTruthy();
  });
});
