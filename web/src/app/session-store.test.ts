import type { User } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { createSessionStore, PROJECT_STORAGE_KEY, TOKEN_STORAGE_KEY } from './session-store';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const user = (usertype: number, projectId: number | null): User => ({
  id: 1,
  name: 'u',
  nicName: 'U',
  email: '',
  mobilePhone: '',
  tenantId: 1,
  projectId,
  projectIds: projectId ? [projectId] : [],
  usertype,
  roleId: 1,
  modelLabel: 'user',
  roles: [],
  customConfig: '{}',
  permissions: [],
  root: false,
  needsInspectionPassword: false,
});

const info = (platformMode: boolean) => ({
  platformMode,
  internationalization: true,
  sso: { enabled: false, retainLogin: false, authorizeUrl: '', logoutUrl: '' },
  login: { title: '', login_logo_title_size: 28, login_background: '', project_logo_ico: '' },
  envInfos: { inspection: true, loadAllSpares: false },
  reportServerUrl: '',
  version: '0',
});

describe('session store', () => {
  it('keeps token and project id in browser storage', () => {
    const storage = memory();
    const store = createSessionStore(storage);
    store.signIn('token-1', user(0, null), 0);
    store.setProjectId(5);
    expect(storage.map.get(TOKEN_STORAGE_KEY)).toBe('token-1');
    expect(storage.map.get(PROJECT_STORAGE_KEY)).toBe('5');
    const again = createSessionStore(storage);
    expect(again.getSnapshot()).toMatchObject({ token: 'token-1', projectId: 5, user: null });
    again.clear();
    expect(storage.map.size).toBe(0);
  });

  it('resolves the module as platform-core §1 says', () => {
    const store = createSessionStore(memory());
    store.setSystemInfo(info(true));
    store.signIn('t', user(0, null), 0);
    expect(store.module()).toBe('pf');
    store.setProjectId(3);
    expect(store.module()).toBe('fw');
    store.signIn('t', user(3, 9), 0);
    expect(store.module()).toBe('fw');
    expect(store.headerProjectId()).toBe(9);
    store.signIn('t', user(0, null), 0);
    store.setSystemInfo(info(false));
    expect(store.module()).toBe('fw');
  });
});
