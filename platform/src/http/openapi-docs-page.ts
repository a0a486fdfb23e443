import type { OpenAPIV3_1 } from 'openapi-types';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function parametersOf(operation: OpenAPIV3_1.OperationObject): string {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required === true ? 'yes' : 'no'}</td><td>${json(p.schema ?? {})}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th scope="col">parameter</th><th scope="col">in</th><th scope="col">required</th><th scope="col">schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function operationHtml(method: string, path: string, operation: OpenAPIV3_1.OperationObject): string {
  const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content;
  const answers = Object.entries(operation.responses ?? {}).map(([status, answer]) => {
    const content = (answer as OpenAPIV3_1.ResponseObject).content;
    return `<details><summary>answer ${escapeHtml(status)}</summary>${json(content ?? answer)}</details>`;
  });
  return [
    `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2>`,
    operation.summary === undefined ? '' : `<p>${escapeHtml(operation.summary)}</p>`,
    parametersOf(operation),
    body === undefined ? '' : `<details><summary>body</summary>${json(body)}</details>`,
    ...answers,
    '</section>',
  ].join('');
}

/**
 * The document as a plain page (development only): every operation with its parameters, body
 * and answers. Self-contained, no script and nothing fetched from elsewhere.
 */
export function docsPage(document: OpenAPIV3_1.Document): string {
  const sections: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation !== undefined) sections.push(operationHtml(method, path, operation));
    }
  }
  const title = escapeHtml(document.info.title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(document.info.description ?? '')} The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections.join('')}</main></body></html>`;
}
