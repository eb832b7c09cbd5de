/**
 * The SDK's types, checked by `tsc -p tests` (the calls are never made): members derived from the
 * catalogue, downloads and uploads that cannot be called as json calls, typed query keys.
 */
import type { EventFilter, SessionData, StoredFile, User } from '@eem/contract';
import { catalogue } from '@eem/contract';
import {
  areaKey,
  type Client,
  callKey,
  createClient,
  createMutationOptions,
  createQueryOptions,
  type DownloadResult,
  endpointKey,
  invalidate,
  type QueryClientLike,
  type QueryScope,
} from '@eem/sdk';
import { describe, expectTypeOf, it } from 'vitest';

declare const filter: EventFilter;
/** The factories only hold it: nothing here is called. */
const queryClient: QueryClientLike = { invalidateQueries: async () => undefined };

/** Types only: checked by tsc, the calls are never made. */
describe('client types', () => {
  it('derives every area member from the catalogue', () => {
    const client: Client = createClient({ baseUrl: 'http://localhost' });
    expectTypeOf(client.session.me).returns.resolves.toEqualTypeOf<User>();
    expectTypeOf(client.login).returns.resolves.toEqualTypeOf<SessionData>();
    expectTypeOf(client.users.userTree).parameter(0).toHaveProperty('params');
    const q = createQueryOptions(client);
    expectTypeOf(q.session.me().queryFn).returns.resolves.toEqualTypeOf<User>();
    const m = createMutationOptions(client, queryClient);
    expectTypeOf(m.session.login().mutationFn).returns.resolves.toEqualTypeOf<SessionData>();
    if (Math.random() > 2) {
      // @ts-expect-error params are required
      void client.users.userTree();
      // @ts-expect-error the body is checked
      void client.session.changePassword({ body: { id: 'x' } });
      // @ts-expect-error no such endpoint
      void client.session.nothing();
      void client.session.logout();
      void client.projects.projects();
      void client.projects.cloudProjects();
      void client.projects.cloudProjects({ query: { tenantId: 1 } });
      // @ts-expect-error a query field of the wrong type
      void client.projects.cloudProjects({ query: { isQueryChild: 'maybe' } });
      void createQueryOptions(client).projects.projects();
      // @ts-expect-error params are required
      void createQueryOptions(client).users.userTree();
    }
  });

  it('offers downloads and uploads as such, never as json calls', () => {
    const client = createClient({ baseUrl: 'http://localhost' });
    expectTypeOf(client.events.exportEventLog.download).returns.resolves.toEqualTypeOf<DownloadResult>();
    expectTypeOf(client.files.uploadFile.upload).returns.resolves.toEqualTypeOf<StoredFile>();
    const m = createMutationOptions(client, queryClient);
    expectTypeOf(m.events.exportEventLog().mutationFn).returns.resolves.toEqualTypeOf<DownloadResult>();
    expectTypeOf(m.files.uploadFile().mutationFn).returns.resolves.toEqualTypeOf<StoredFile>();
    if (Math.random() > 2) {
      void client.events.exportEventLog.download({ body: filter });
      void client.files.uploadFile.upload({
        body: { kind: 'image' },
        files: [{ name: 'a.png', data: new Blob([]) }],
      });
      // @ts-expect-error a download endpoint is not a json call
      void client.events.exportEventLog({ body: filter });
      // @ts-expect-error an upload endpoint is not a json call
      void client.files.uploadFile({ body: { kind: 'image' } });
      // @ts-expect-error an upload needs its files
      void client.files.uploadFile.upload({ body: { kind: 'image' } });
      // @ts-expect-error a json endpoint has no download
      void client.session.me.download();
      // @ts-expect-error files are not cached as queries
      void createQueryOptions(client).events.exportEventLog;
      // @ts-expect-error the generic calls refuse an endpoint of another kind
      void client.request(catalogue.events.exportEventLog, { body: filter });
      // @ts-expect-error the generic calls refuse an endpoint of another kind
      void client.download(catalogue.session.me);
    }
  });

  it('builds keys and scopes from the catalogue', () => {
    expectTypeOf(areaKey('events')).toEqualTypeOf<readonly [area: 'events']>();
    expectTypeOf(callKey('users', 'userTree', { params: { id: 1 } })[2]).toHaveProperty('params');
    // An endpoint's key keeps its name: the web's blocks name the endpoints they are handed so.
    expectTypeOf(endpointKey('datalog', 'query')).toEqualTypeOf<
      readonly [area: 'datalog', endpoint: 'query']
    >();
    const scopes: QueryScope[] = [areaKey('events'), endpointKey('datalog', 'query'), ['users', 'userTree']];
    void scopes;
    if (Math.random() > 2) {
      // @ts-expect-error no such area
      void areaKey('event');
      // @ts-expect-error no such endpoint in the area
      void endpointKey('events', 'userTree');
      // @ts-expect-error a scope is an area or an endpoint of it
      void invalidate(queryClient, [['events', 'typo']]);
      const client = createClient({ baseUrl: 'http://localhost' });
      // @ts-expect-error a write declares real scopes
      void createMutationOptions(client, queryClient).events.confirm({ invalidates: [['event']] });
    }
  });
});
