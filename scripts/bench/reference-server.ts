/**
 * R1 of the benchmark: a bare Fastify route returning a small JSON object, in a process of its own, the same
 * shape as fastify/benchmarks' server. Its req/s is the framework's ceiling on this machine. Listens on PORT.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const schema = { response: { 200: { type: 'object', properties: { hello: { type: 'string' } } } } };
app.get('/', { schema }, async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
