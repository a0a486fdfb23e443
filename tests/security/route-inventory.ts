import type { FastifyInstance } from 'fastify';
import { COMMAND_NAMES } from '@plenty/contracts/commands/registry';
import { documentedRoutes, openApiDocument } from '@plenty/platform/http/openapi';

/** Every command name the command API accepts at `POST /api/commands/<name>`: the registry's. */
export function commandNames(): string[] {
  return [...COMMAND_NAMES].sort();
}

/**
 * Every route of the app under /api, the embedded identity's routes and the health routes, as
 * "METHOD /path" (HEAD left out: Fastify answers it with the GET handler), read from the app's
 * OpenAPI document, which is built from the router itself, so that a route added later shows
 * up here without anyone listing it. A parameter is `/:name`; a colon inside a segment is part
 * of the path (`accounts:signUp`).
 */
export function httpRoutes(app: FastifyInstance): string[] {
  return documentedRoutes(openApiDocument(app));
}
