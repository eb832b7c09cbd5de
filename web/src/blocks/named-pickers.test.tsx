import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { repairMarkup } from '../app/a11y-repairs';
import { DatePicker, Pagination, Select } from './named-pickers';
import { renderWithProviders } from './test-kit';

afterEach(cleanup);

const OPTIONS = [
  { value: 1, label: 'Electricity' },
  { value: 2, label: 'Water' },
];

/** The name of an element as `aria-labelledby`, then `aria-label`, give it. */
function nameOf(el: Element): string {
  const ids = el.getAttribute('aria-labelledby');
  if (ids)
    return ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' ')
      .trim();
  return el.getAttribute('aria-label')?.trim() ?? '';
}

function Picked({ filter }: { filter?: boolean }) {
  const [value, setValue] = useState<number | undefined>(undefined);
  return (
    <Select
      aria-label="Energy type"
      placeholder="All types"
      filter={filter ?? false}
      motion={false}
      optionList={OPTIONS}
      value={value}
      onChange={(v) => setValue(typeof v === 'number' ? v : undefined)}
    />
  );
}

describe('named pickers', () => {
  it('names a Select by its own text, which stays once a value is chosen', () => {
    renderWithProviders(<Picked />);
    const box = screen.getByRole('combobox');
    expect(nameOf(box)).toBe('Energy type');
    // The name is kept in a hidden element, outside the picker: no room taken, not the placeholder.
    const holder = document.getElementById(box.getAttribute('aria-labelledby') ?? '');
    expect(holder?.hidden).toBe(true);
    expect(box.contains(holder)).toBe(false);

    fireEvent.click(box);
    fireEvent.click(screen.getByText('Water'));
    expect(box.textContent).toContain('Water');
    expect(box.textContent).not.toContain('All types');
    // Semi's own aria-label for a chosen value ('selected') is overridden by the reference.
    expect(nameOf(box)).toBe('Energy type');
  });

  it('names the search input of a filterable Select as the Select', () => {
    renderWithProviders(<Picked filter />);
    const box = screen.getByRole('combobox');
    fireEvent.click(box);
    const input = box.querySelector('input');
    expect(input).not.toBeNull();
    if (input) expect(nameOf(input)).toBe('Energy type');
  });

  it('names a Select by the visible label it is given', () => {
    renderWithProviders(
      <>
        <span id="month-label">Month</span>
        <Select aria-labelledby="month-label" optionList={OPTIONS} value={1} />
      </>,
    );
    const box = screen.getByRole('combobox');
    expect(box.getAttribute('aria-labelledby')).toBe('month-label');
    expect(nameOf(box)).toBe('Month');
    // No hidden copy when a visible label names it.
    expect(document.querySelectorAll('span[hidden]')).toHaveLength(0);
  });

  it('names a DatePicker (single and range) and its inputs once the repairs moved the reference', () => {
    renderWithProviders(
      <>
        <DatePicker aria-label="Effective from" type="date" />
        <span id="range-label">Time range</span>
        <DatePicker aria-labelledby="range-label" type="dateRange" />
      </>,
    );
    repairMarkup(document.body);
    const [single, range] = screen.getAllByRole('combobox');
    if (!single || !range) throw new Error('two date pickers expected');
    // Semi names its combobox 'Choose date'; the reference wins over it.
    expect(single.getAttribute('aria-label')).toBe('Choose date');
    expect(nameOf(single)).toBe('Effective from');
    expect(nameOf(range)).toBe('Time range');
    const inputs = [...single.querySelectorAll('input'), ...range.querySelectorAll('input')];
    expect(inputs.map(nameOf)).toEqual(['Effective from', 'Time range', 'Time range']);
    // The wrapper no longer carries it (a plain div may not).
    expect(document.querySelectorAll('.semi-datepicker[aria-labelledby]')).toHaveLength(0);
  });

  it("names Pagination's page-size picker in the interface language", () => {
    renderWithProviders(<Pagination total={200} pageSize={20} pageSizeOpts={[20, 50]} showSizeChanger />, {
      language: 'en',
    });
    repairMarkup(document.body);
    const box = screen.getByRole('combobox');
    expect(nameOf(box)).toBe('Rows per page');
  });
});

describe('every Select and DatePicker of the console is a named one', () => {
  it('imports no Select, DatePicker or Pagination from Semi but named-pickers.tsx', () => {
    // Vitest runs from the repository's root (happy-dom's import.meta.url is not a file URL).
    const src = join(process.cwd(), 'web/src');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('named-pickers.tsx'),
    );
    expect(files.length).toBeGreaterThan(100);
    const direct = files.filter((f) => {
      const text = readFileSync(join(src, f), 'utf8');
      const semi = text.match(/import\s*\{([^}]*)\}\s*from\s*'@douyinfe\/semi-ui-19'/)?.[1] ?? '';
      return /\b(Select|DatePicker|Pagination)\b/.test(semi);
    });
    expect(direct.map((f) => relative(src, join(src, f)))).toEqual([]);
  });
});
