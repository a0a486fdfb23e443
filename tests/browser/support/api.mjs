// HTTP to a journey server: requests from a chosen local address, commands sent with an ID token
// and queries read until they reach a command's position.
import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequestRaw } from 'node:http';

/**
 * An HTTP request from `from` (a local address), answered as `{ status, body }` with the body
 * parsed when it is JSON. Node's fetch cannot choose the address it sends from.
 */
export function httpRequest(url, { method = 'GET', headers = {}, body, from } = {}) {
  const target = new URL(url);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequestRaw(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(from === undefined ? {} : { localAddress: from }),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let parsed = text;
          if ((response.headers['content-type'] ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
          resolve({ status: response.statusCode, headers: response.headers, body: parsed });
        });
      },
    );
    request.on('error', reject);
    if (payload !== undefined) request.write(payload);
    request.end();
  });
}

/** A command to the API with this ID token, as the web app sends it; throws unless it is accepted. */
export async function sendCommand(baseUrl, idToken, name, payload, { from } = {}) {
  const { status, body } = await httpRequest(`${baseUrl}/api/commands/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
    body: { commandId: randomUUID(), ...payload },
    from,
  });
  if (status !== 200) throw new Error(`${name} failed: ${status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Reads a query (a path under /api/queries/) until its answer is at or past `position`, a
 * command's answer: the query API waits at most 2 s for its views, and on a busy machine the
 * projector can take longer. Answers the last response.
 */
export async function readAfter(baseUrl, idToken, path, position, { timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/queries/${path}`, {
      headers: { authorization: `Bearer ${idToken}`, 'x-min-position': position },
    });
    const reached = response.headers.get('x-position');
    if (response.ok && reached !== null && BigInt(reached) >= BigInt(position)) return response;
    if (Date.now() > deadline) throw new Error(`${path} is still at ${reached} (${response.status}), not ${position}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A new time-ordered id (UUID version 7), as the app makes them. */
export function uuidV7() {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A request to the API (`/api/<path>`, fetch's `init`) with the session the user signed up with
 * (createUser); answers the JSON, `{}` for an empty answer, and throws unless it succeeds.
 */
export async function call(baseUrl, user, path, init) {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${user.stored.stsTokenManager.accessToken}`, ...(init.headers ?? {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return text === '' ? {} : JSON.parse(text);
}

/** A command sent as the app sends it, with the user's session (see call); answers its answer. */
export function postCommand(baseUrl, user, name, body) {
  return call(baseUrl, user, `commands/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ commandId: uuidV7(), ...body }),
  });
}
