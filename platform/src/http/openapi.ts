/// <reference types="@fastify/swagger" preserve="true" />
// The summary, description and hide fields of a route schema, for every package that uses these servers.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { docsPage } from './openapi-docs-page.js';

/** Where every server answers its OpenAPI document. */
export const OPENAPI_PATH = '/api/openapi.json';
/** Where a server started with NODE_ENV=development shows the document as a page. */
export const DOCS_PATH = '/api/docs';

/**
 * The routes the document lists: the API, the health checks and the embedded identity's
 * Firebase-compatible REST paths; the web app's files and pages are not part of it.
 */
export const DOCUMENTED_PATH =
  /^\/(api\/|healthz$|readyz$|identitytoolkit\.googleapis\.com\/|securetoken\.googleapis\.com\/)/;

export interface OpenApiOptions {
  readonly title: string;
  readonly description: string;
  /** Serve the document as a page at DOCS_PATH too; only in development. */
  readonly docsPage?: boolean;
}

export type OpenApiDocument = OpenAPIV3_1.Document;
export type OpenApiOperation = OpenAPIV3_1.OperationObject;
export type OpenApiParameter = OpenAPIV3_1.ParameterObject;

/**
 * Builds the OpenAPI 3.1 document from the routes registered after this call (their zod
 * schemas turned into JSON Schema) and serves it at OPENAPI_PATH. Call it on the root
 * instance before registering the APIs.
 */
export async function installOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, description: options.description, version: '1.0.0' },
      components: {
        securitySchemes: { idToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    exposeHeadRoutes: false,
    transform: (route) => {
      if (!DOCUMENTED_PATH.test(route.url)) return { schema: { hide: true }, url: route.url };
      return jsonSchemaTransform(route);
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { summary: 'This OpenAPI document' } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(openApiDocument(app)),
  );
  if (options.docsPage === true) {
    app.get(DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(docsPage(openApiDocument(app))),
    );
  }
}

/** The document of a ready app (after `await app.ready()`). */
export function openApiDocument(app: FastifyInstance): OpenApiDocument {
  return app.swagger() as OpenApiDocument;
}

/**
 * Every documented route as "METHOD /path" (a parameter written `:name`, as Fastify does),
 * sorted, without duplicates: the inventory that the security suite and the route table of docs/ARCHITECTURE.md
 * are built from.
 */
export function documentedRoutes(document: OpenApiDocument): string[] {
  const routes: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'options'] as const) {
      // A plugin's root route (`/api/receipts/`) is served without the slash too; it is listed without.
      const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
      if (item?.[method] !== undefined) routes.push(`${method.toUpperCase()} ${fastifyPath}`);
    }
  }
  return [...new Set(routes)].sort();
}
