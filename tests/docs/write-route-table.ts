import { readFile, writeFile } from 'node:fs/promises';
import { ARCHITECTURE_MD, routeTable, standaloneDocument, withRouteTable } from './route-table.js';

/** `npm run docs:routes`: writes the route table of docs/ARCHITECTURE.md from the OpenAPI document. */
const markdown = await readFile(ARCHITECTURE_MD, 'utf8');
const updated = withRouteTable(markdown, routeTable(await standaloneDocument()));
if (updated === markdown) console.log('docs/ARCHITECTURE.md: the route table is up to date');
else {
  await writeFile(ARCHITECTURE_MD, updated);
  console.log('docs/ARCHITECTURE.md: the route table was rewritten from the OpenAPI document');
}
