import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../i18n/language';
import { type NodeRef, NodeTreePicker, type TreeNodeLike } from './NodeTreePicker';

const tree: TreeNodeLike[] = [
  {
    id: 1,
    modelLabel: 'project',
    name: 'Shanghai Plant',
    children: Array.from({ length: 8 }, (_, i) => ({
      id: 10 + i,
      modelLabel: 'building',
      name: `Building ${i + 1}`,
    })),
  },
];

function Multi({ onPicked }: { onPicked?: (nodes: NodeRef[]) => void }) {
  const [value, setValue] = useState<NodeRef[]>([]);
  return (
    <LanguageProvider initial="en">
      <NodeTreePicker
        mode="multi"
        tree={tree}
        value={value}
        onChange={(nodes) => {
          setValue(nodes);
          onPicked?.(nodes);
        }}
      />
    </LanguageProvider>
  );
}

function Single({ onPicked }: { onPicked: (node: NodeRef | null) => void }) {
  const [value, setValue] = useState<NodeRef | null>(null);
  return (
    <LanguageProvider initial="en">
      <NodeTreePicker
        mode="single"
        tree={tree}
        value={value}
        onChange={(node) => {
          onPicked(node);
          setValue(node);
        }}
      />
    </LanguageProvider>
  );
}

function checkboxOf(name: string): HTMLElement {
  const label = screen.getByText(name);
  const row = label.closest('li') ?? label.parentElement;
  const box = row?.querySelector('.semi-checkbox');
  if (!(box instanceof HTMLElement)) throw new Error(`no checkbox for ${name}`);
  return box;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('NodeTreePicker', () => {
  it('picks a single node', () => {
    let picked: NodeRef | null = null;
    render(
      <Single
        onPicked={(node) => {
          picked = node;
        }}
      />,
    );
    fireEvent.click(screen.getByText('Building 3'));
    expect(picked).toEqual({ id: 12, modelLabel: 'building', name: 'Building 3' });
  });

  it('refuses a 7th node with a toast and keeps six', async () => {
    const picks: NodeRef[][] = [];
    render(<Multi onPicked={(nodes) => picks.push(nodes)} />);
    for (let i = 1; i <= 6; i += 1) fireEvent.click(checkboxOf(`Building ${i}`));
    expect(screen.getByText('6 / 6 selected')).toBeTruthy();
    fireEvent.click(checkboxOf('Building 7'));
    expect(await screen.findByText('At most 6 nodes can be selected')).toBeTruthy();
    expect(screen.getByText('6 / 6 selected')).toBeTruthy();
    expect(picks.at(-1)?.map((n) => n.name)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `Building ${i}`));
    // unticking one frees a place again
    fireEvent.click(checkboxOf('Building 1'));
    fireEvent.click(checkboxOf('Building 7'));
    expect(screen.getByText('6 / 6 selected')).toBeTruthy();
    expect(picks.at(-1)?.some((n) => n.name === 'Building 7')).toBe(true);
  });

  it('filters the tree by the search text', async () => {
    render(<Multi />);
    const search = screen.getByPlaceholderText('Search nodes');
    await act(async () => {
      fireEvent.change(search, { target: { value: 'Building 8' } });
    });
    const list = screen.getByRole('tree');
    expect(within(list).queryByText('Building 2')).toBeNull();
    expect(within(list).getByText('Building 8')).toBeTruthy();
  });

  it('scrolls the node selected from outside into view', () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    const picker = (value: NodeRef | null) => (
      <LanguageProvider initial="en">
        <NodeTreePicker mode="single" tree={tree} value={value} onChange={() => undefined} />
      </LanguageProvider>
    );
    const { rerender } = render(picker(null));
    expect(scrolled).toEqual([]);
    rerender(picker({ id: 17, modelLabel: 'building', name: 'Building 8' }));
    expect(scrolled).toEqual(['Building 8']);
    expect(document.querySelector('.semi-tree-option-selected')?.textContent).toBe('Building 8');
  });

  it("says 'no data' for an empty tree", () => {
    render(
      <LanguageProvider initial="en">
        <NodeTreePicker mode="single" tree={[]} value={null} onChange={() => undefined} />
      </LanguageProvider>,
    );
    expect(screen.getByText('no data')).toBeTruthy();
  });
});
