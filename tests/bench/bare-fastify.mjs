// Baseline: a bare Fastify handler answering the same envelope as project/project, no auth, no database.
import Fastify from 'fastify';

const projects = JSON.parse(process.env.BENCH_BODY ?? '[]');
const app = Fastify({ logger: false });
app.get('/eem-service/v1/project/project', async () => ({ code: 0, msg: '', data: projects }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on http://127.0.0.1:${app.server.address().port}\n`);
