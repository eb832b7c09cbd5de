/**
 * Test support for the blocks and screens: a client whose transport answers from handlers
 * keyed by endpoint id (the HTTP boundary is the only thing replaced), and a render helper
 * with the console's providers (language, query client, client, session, router).
 */
import { listEndpoints, type Project } from '@eem/contract';
import { type Client, createClient, type TransportRequest, type TransportResponse } from '@eem/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ClientProvider } from '../app/client';
import { MenuProvider } from '../app/menu';
import { type Session, StaticSessionProvider } from '../app/session';
import { type Language, LanguageProvider } from '../i18n/language';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** Parsed JSON body, or the FormData of an upload. */
  body: unknown;
  params: Record<string, string>;
}

/** What a handler answers: data (wrapped in {code 0}), or a ready response. */
export type FakeAnswer = unknown;
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

const RAW = Symbol('raw response');

interface RawAnswer {
  [RAW]: TransportResponse;
}

function response(
  status: number,
  contentType: string,
  bytes: Uint8Array,
  extra: Record<string, string> = {},
) {
  const headers = new Map(
    Object.entries({ 'content-type': contentType, ...extra }).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const text = new TextDecoder().decode(bytes);
  const out: TransportResponse = {
    status,
    headers: { get: (name) => headers.get(name.toLowerCase()) ?? null },
    json: async () => JSON.parse(text),
    text: async () => text,
    arrayBuffer: async () => bytes.slice().buffer,
    body: new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  };
  return out;
}

/** A failure envelope: `{code, msg}`. */
export function failure(code: number, msg: string): RawAnswer {
  return {
    [RAW]: response(200, 'application/json', new TextEncoder().encode(JSON.stringify({ code, msg }))),
  };
}

/** A binary file with its content-disposition. */
export function fileAnswer(
  bytes: Uint8Array,
  filename: string,
  contentType = 'application/octet-stream',
): RawAnswer {
  return {
    [RAW]: response(200, contentType, bytes, {
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'content-length': String(bytes.length),
    }),
  };
}

function isRaw(value: unknown): value is RawAnswer {
  return typeof value === 'object' && value !== null && RAW in value;
}

const ROUTES = listEndpoints().map(({ endpoint }) => ({
  id: endpoint.id,
  method: endpoint.method,
  pattern: new RegExp(`^${endpoint.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
}));

export interface FakeServer {
  client: Client;
  /** The requests received, by endpoint id. */
  calls: { id: string; request: FakeRequest }[];
  callsOf(id: string): FakeRequest[];
}

/** A client whose calls are answered by `handlers[endpointId]`; an unknown call answers 404. */
export function fakeServer(handlers: Record<string, FakeHandler>): FakeServer {
  const calls: FakeServer['calls'] = [];
  const send = async (req: TransportRequest): Promise<TransportResponse> => {
    const url = new URL(req.url);
    const route = ROUTES.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    const handler = route ? handlers[route.id] : undefined;
    if (!route || !handler) {
      return response(
        200,
        'application/json',
        new TextEncoder().encode(
          JSON.stringify({ code: 404, msg: `no handler for ${req.method} ${url.pathname}` }),
        ),
      );
    }
    const body = typeof req.body === 'string' ? JSON.parse(req.body) : req.body;
    const params = { ...(route.pattern.exec(url.pathname)?.groups ?? {}) };
    const request: FakeRequest = { method: req.method, url, headers: req.headers, body, params };
    calls.push({ id: route.id, request });
    const answer = await handler(request);
    if (isRaw(answer)) return answer[RAW];
    const envelope = JSON.stringify({ code: 0, msg: 'ok', data: answer === undefined ? null : answer });
    return response(200, 'application/json', new TextEncoder().encode(envelope));
  };
  const client = createClient({ baseUrl: 'http://console.test', token: 'test-token', transport: { send } });
  return { client, calls, callsOf: (id) => calls.filter((c) => c.id === id).map((c) => c.request) };
}

/** A project as projects.projects answers it (its time zone is the console's inside it). */
export function testProject(patch: Partial<Project> = {}): Project {
  return {
    id: 2,
    tenantId: 1,
    tenantid: 1,
    name: 'Berlin Works',
    code: 'BW',
    timeZone: 'Europe/Berlin',
    modelLabel: 'project',
    level: null,
    company: null,
    address: null,
    longitude: null,
    latitude: null,
    area: null,
    people: null,
    cooperationDeadline: null,
    operationDate: null,
    annualOutput: null,
    description: null,
    mainImage: null,
    ...patch,
  };
}

export interface RenderOptions {
  client?: Client;
  language?: Language;
  session?: Partial<Session>;
  route?: string;
  /** Wraps in the shell's MenuProvider (needs a 'shell.navmenu' handler). */
  withMenu?: boolean;
}

/** A session for component tests: signed in, module and permissions as given. */
export function testSession(patch: Partial<Session> = {}): Session {
  return {
    status: 'signed-in',
    user: null,
    token: 'test-token',
    projectId: 0,
    effectiveProjectId: 0,
    module: 'pf',
    systemInfo: null,
    permissions: new Set<string>(),
    setProjectId: () => undefined,
    signIn: () => undefined,
    logout: async () => undefined,
    ...patch,
  };
}

/** Renders with the console's providers. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const client = options.client ?? fakeServer({}).client;
  const wrap = (children: ReactNode) => (
    <MemoryRouter initialEntries={[options.route ?? '/']}>
      <LanguageProvider initial={options.language ?? 'en'}>
        <QueryClientProvider client={queryClient}>
          <ClientProvider client={client}>
            <StaticSessionProvider value={testSession(options.session)}>
              {options.withMenu ? <MenuProvider>{children}</MenuProvider> : children}
            </StaticSessionProvider>
          </ClientProvider>
        </QueryClientProvider>
      </LanguageProvider>
    </MemoryRouter>
  );
  const result = render(wrap(ui));
  return {
    ...result,
    queryClient,
    rerenderWithProviders: (next: ReactElement) => result.rerender(wrap(next)),
  };
}
