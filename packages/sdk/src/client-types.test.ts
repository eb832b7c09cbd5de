import { catalogue, type SessionData, type User } from '@eem/contract';
import { describe, expectTypeOf, it } from 'vitest';
import { type Client, createClient } from './create-client.js';
import type { DownloadResult } from './download.js';
import { createMutationOptions, createQueryOptions } from './query-options.js';

/** Types only: checked by tsc, the calls are never made. */
describe('client types', () => {
  it('derives every area method from the catalogue', () => {
    const client: Client = createClient({ baseUrl: 'http://localhost' });
    expectTypeOf(client.session.me).returns.resolves.toEqualTypeOf<User>();
    expectTypeOf(client.login).returns.resolves.toEqualTypeOf<SessionData>();
    expectTypeOf(client.users.userTree).parameter(0).toHaveProperty('params');
    expectTypeOf(client.download(catalogue.session.me)).resolves.toEqualTypeOf<DownloadResult>();
    const q = createQueryOptions(client);
    expectTypeOf(q.session.me().queryFn).returns.resolves.toEqualTypeOf<User>();
    const m = createMutationOptions(client);
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
      void client.request(catalogue.session.logout);
    }
  });
});
