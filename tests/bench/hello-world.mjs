// The HTTP ceiling of `npm run bench`: a Fastify hello-world, run with the standalone package's
// Fastify (its own process, started by tests/bench/server.ts `startHelloWorld`).
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(import.meta.dirname, '../../standalone/package.json'));
const { default: Fastify } = await import(require.resolve('fastify'));
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
