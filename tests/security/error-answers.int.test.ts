import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';

/** Hostile requests to the API and to the embedded identity: 4xx with a code, never the internals. */

const env = useTestStandalone();
let user: TestUser;

beforeAll(async () => {
  user = await createTestUser(env.standalone);
});

/** What an answer must never show: stacks, source paths, driver or library internals. */
const INTERNALS =
  /\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+|node_modules|SQLITE|sqlite3|better-sqlite|Mongo|TypeError|ReferenceError|SyntaxError|zod|"stack"/i;

interface HostileRequest {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
}

/** A POST of `payload` sent as `contentType`, with `headers` besides. */
const post = (
  name: string,
  url: string,
  payload: string,
  contentType = 'application/json',
  headers: Record<string, string> = {},
): HostileRequest => ({ name, method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });

describe('security: error answers', () => {
  it('say what was wrong in a stable code and message, and nothing of the internals', async () => {
    const auth = { authorization: user.authorization };
    /** A signed-in user's command request with this body. */
    const command = (name: string, commandName: string, payload: string, contentType = 'application/json') =>
      post(name, `/api/commands/${commandName}`, payload, contentType, auth);
    /** A signed-in user's query request. */
    const query = (name: string, url: string, headers: Record<string, string> = auth) =>
      ({ name, method: 'GET', url, headers }) satisfies HostileRequest;
    const hostile: HostileRequest[] = [
      command('malformed JSON', 'AddTransaction', '{"commandId": '),
      command('JSON that is not an object', 'AddTransaction', '[1,2,3]'),
      command(
        'a prototype-polluting body',
        'AddCategory',
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"commandId":"nope"}',
      ),
      command('a body over the limit', 'AddTransaction', JSON.stringify({ note: 'x'.repeat(200_000) })),
      command('deep nesting', 'AddTransaction', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`),
      command('a form body', 'AddTransaction', 'a=1', 'application/x-www-form-urlencoded'),
      command('an unknown command', 'DropTables', '{}'),
      query('a forged cursor', '/api/queries/transactions?cursor=%7B%22evil%22%3A1%7D'),
      query('SQL in a filter', `/api/queries/transactions?category=${encodeURIComponent("x' OR 1=1 --")}`),
      query('an id that is not a UUID', '/api/queries/transactions/..%2F..%2Fetc%2Fpasswd'),
      query('an invalid month', '/api/queries/reports?month=2026-13'),
      query('a huge limit', '/api/queries/transactions?limit=99999999999999999999'),
      query('a non-numeric position', '/api/queries/transactions', { ...auth, 'x-min-position': 'drop table' }),
      query('an unknown route', '/api/queries/admin'),
    ];
    const failures: string[] = [];
    for (const request of hostile) {
      const answer = await env.standalone.app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      if (answer.statusCode >= 500 || answer.statusCode < 400) failures.push(`${request.name}: ${answer.statusCode}`);
      const body = answer.json() as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string')
        failures.push(`${request.name}: no error code and message (${answer.body.slice(0, 200)})`);
      if (INTERNALS.test(answer.body)) failures.push(`${request.name}: leaks ${answer.body.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    // None of it reached the event store.
    const events = await env.standalone.eventStore.readAll({ after: '0', maxCount: 1000 });
    expect(events.filter((event) => event.metadata.userId === user.uid)).toEqual([]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('security: error answers of the embedded identity', () => {
  it("answer hostile bodies in the Identity Toolkit's shape, which the web app's SDK reads, and nothing of the internals", async () => {
    const toolkit = (verb: string) => `/identitytoolkit.googleapis.com/v1/accounts:${verb}?key=plenty-embedded`;
    /** A JSON body to an Identity Toolkit verb, and a form body to the Secure Token API. */
    const json = (name: string, verb: string, payload: string) => post(name, toolkit(verb), payload);
    const tokenForm = (name: string, payload: string) =>
      post(name, '/securetoken.googleapis.com/v1/token', payload, 'application/x-www-form-urlencoded');
    const hostile: HostileRequest[] = [
      json('malformed JSON', 'signUp', '{"email": '),
      json('JSON that is not an object', 'signInWithPassword', '[1,2,3]'),
      json(
        'a prototype-polluting body',
        'signUp',
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"email":"x@example.test"}',
      ),
      json(
        'a body over the limit',
        'signInWithPassword',
        JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(200_000) }),
      ),
      json('deep nesting', 'lookup', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`),
      json('an email that is not one', 'signUp', '{"email":{"$ne":null}}'),
      json('a password that is not text', 'signInWithPassword', '{"email":"a@example.test","password":["x"]}'),
      json('an ID token that is not one', 'lookup', '{"idToken":"x.y.z"}'),
      tokenForm('a refresh token that is not one', `grant_type=refresh_token&refresh_token=${'%00'.repeat(300)}`),
      tokenForm('another grant type', 'grant_type=password&username=a&password=b'),
      post('an unknown content type', toolkit('signUp'), '<a/>', 'text/xml'),
      json('a made-up reset code', 'resetPassword', '{"oobCode":"../../etc"}'),
    ];
    const failures: string[] = [];
    for (const request of hostile) {
      const answer = await env.standalone.app.inject(request);
      if (answer.statusCode >= 500 || answer.statusCode < 400) failures.push(`${request.name}: ${answer.statusCode}`);
      const body = answer.json() as { error?: { code?: unknown; message?: unknown } };
      if (body.error?.code !== answer.statusCode || typeof body.error.message !== 'string')
        failures.push(`${request.name}: not the Identity Toolkit's error shape (${answer.body.slice(0, 200)})`);
      if (INTERNALS.test(answer.body)) failures.push(`${request.name}: leaks ${answer.body.slice(0, 300)}`);
      if (answer.headers['cache-control'] !== 'no-store') failures.push(`${request.name}: may be cached`);
    }
    expect(failures).toEqual([]);
    expect(env.standalone.identity.store.userByEmail('x@example.test')).toBeNull();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
