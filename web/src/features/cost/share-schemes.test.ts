import { describe, expect, it } from 'vitest';
import { shareSchemeOptions } from './share-schemes';

describe('apportionment scheme options', () => {
  const label = (name: string) => `${name} (public area)`;
  it('lists share schemes, then labelled public ones, then those only in use, each once', () => {
    const options = shareSchemeOptions(
      [{ id: 1, name: 'Boiler' }],
      [
        { id: 2, name: 'Lobby' },
        { id: 1, name: 'Boiler' },
      ],
      [{ id: 2, name: 'Lobby' }, null, { id: 9, name: 'Hidden' }, { id: 9, name: 'Hidden' }],
      label,
    );
    expect(options).toEqual([
      { value: 1, label: 'Boiler' },
      { value: 2, label: 'Lobby (public area)' },
      { value: 9, label: 'Hidden' },
    ]);
  });
  it('offers the project schemes even when no accounting scheme uses one', () => {
    expect(shareSchemeOptions([{ id: 4, name: 'Chillers' }], [], [null], label)).toEqual([
      { value: 4, label: 'Chillers' },
    ]);
  });
});
