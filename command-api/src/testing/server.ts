import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRegisterOptions } from 'fastify';
import { installErrorHandling } from '@plenty/platform/http/errors';

/** A server with the project's error answers and one plugin registered, as a test talks to it. */
export async function testServer<Options extends object>(
  plugin: FastifyPluginAsync<Options>,
  options: FastifyRegisterOptions<Options>,
): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandling(app);
  await app.register(plugin, options);
  return app;
}
