import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptScreens, MAX_KEPT } from './KeptScreens';

afterEach(cleanup);

/** A screen with state a user would lose on remount, and an effect that counts its runs. */
function Draft({ name, runs }: { name: string; runs: Record<string, number> }) {
  const [text, setText] = useState('');
  useEffect(() => {
    runs[name] = (runs[name] ?? 0) + 1;
  }, [name, runs]);
  return <input aria-label={name} value={text} onChange={(e) => setText(e.target.value)} />;
}

let go: (path: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  go = (path) => navigate(path);
  return null;
}

// Real routes of @eem/core: /log and /operationlog are kept alive, /dataRecalculation is not.
const PATHS = [
  '/log',
  '/operationlog',
  '/dataRecalculation',
  '/usermanage',
  '/rolemanage',
  '/usergroupmanage',
];
const MORE = ['/cloudProjectConfig', '/treeConfig', '/projectBatchConfig', '/topologyConfig'];

function app(scope: string, runs: Record<string, number>) {
  return (
    <MemoryRouter initialEntries={['/log']}>
      <Navigator />
      <Routes>
        <Route element={<KeptScreens scope={scope} />}>
          {[...PATHS, ...MORE].map((path) => (
            <Route key={path} path={path} element={<Draft name={path} runs={runs} />} />
          ))}
        </Route>
      </Routes>
    </MemoryRouter>
  );
}

const field = (path: string) => screen.getByLabelText<HTMLInputElement>(path);

describe('kept screens', () => {
  it('keeps a screen’s state while the user is elsewhere, and pauses its effects', () => {
    const runs: Record<string, number> = {};
    render(app('1:1', runs));
    fireEvent.change(field('/log'), { target: { value: 'half-typed filter' } });
    act(() => go('/operationlog'));
    expect(field('/log').value).toBe('half-typed filter');
    expect(getComputedStyle(field('/log')).display).toBe('none');
    act(() => go('/log'));
    expect(field('/log').value).toBe('half-typed filter');
    expect(getComputedStyle(field('/log')).display).not.toBe('none');
    // The effect ran on mount and again when shown: hidden screens stop their effects.
    expect(runs['/log']).toBe(2);
  });

  it('starts a route marked not kept alive afresh every time', () => {
    render(app('1:1', {}));
    act(() => go('/dataRecalculation'));
    fireEvent.change(field('/dataRecalculation'), { target: { value: 'range' } });
    act(() => go('/log'));
    expect(screen.queryByLabelText('/dataRecalculation')).toBeNull();
    act(() => go('/dataRecalculation'));
    expect(field('/dataRecalculation').value).toBe('');
  });

  it('starts afresh for another user or project', () => {
    const runs: Record<string, number> = {};
    const { rerender } = render(app('1:1', runs));
    fireEvent.change(field('/log'), { target: { value: 'project one' } });
    act(() => go('/operationlog'));
    rerender(app('1:2', runs));
    expect(screen.queryByLabelText('/log')).toBeNull();
  });

  it(`keeps at most ${MAX_KEPT} screens, dropping the least recently shown`, () => {
    render(app('1:1', {}));
    fireEvent.change(field('/log'), { target: { value: 'oldest' } });
    const kept = [...PATHS, ...MORE].filter((p) => p !== '/dataRecalculation' && p !== '/log');
    for (const path of kept) act(() => go(path));
    expect(kept.length).toBeGreaterThanOrEqual(MAX_KEPT);
    expect(screen.queryByLabelText('/log')).toBeNull();
    expect(screen.getAllByRole('textbox', { hidden: true })).toHaveLength(MAX_KEPT);
  });
});
