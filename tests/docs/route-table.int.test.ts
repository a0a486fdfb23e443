import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE_MD, routeTable, standaloneDocument, withRouteTable } from './route-table.js';

describe('the route table of docs/ARCHITECTURE.md', () => {
  it('is the one the OpenAPI document gives (run `npm run docs:routes` after changing a route)', async () => {
    const document = await standaloneDocument();
    const markdown = await readFile(ARCHITECTURE_MD, 'utf8');
    const table = routeTable(document);
    expect(table).toContain('| `GET /api/queries/transactions` |');
    expect(withRouteTable(markdown, table)).toBe(markdown);
  });

  it('lists each route with its query parameters and summary', () => {
    const table = routeTable({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/api/queries/goals/{id}': {
          get: {
            summary: 'One goal | or 404',
            parameters: [
              { name: 'id', in: 'path', required: true },
              { name: 'limit', in: 'query' },
            ],
            responses: {},
          },
        },
        '/api/receipts/': { post: { requestBody: { content: {} }, responses: {} } },
      },
    });
    expect(table.split('\n')).toEqual([
      '| route | query parameters | does |',
      '|---|---|---|',
      '| `GET /api/queries/goals/:id` | `limit` | One goal \\| or 404 |',
      '| `POST /api/receipts` | JSON body |  |',
    ]);
  });
});
