import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, identityCall, signInTestUser, TEST_PASSWORD, type TestUser } from '../support/users.js';
import { commandNames, httpRoutes } from './route-inventory.js';

/**
 * Another user's data, route by route: every command and query the app serves is tried by a
 * second user against the first user's items, and must answer 404 (or 403) with nothing of
 * theirs, or act only on the second user's own data. The lists below must name every route
 * and command the app has: a new one without a case here fails the suite.
 */

const env = useTestStandalone();
let alice: TestUser;
let bob: TestUser;

/** Text only Alice wrote: it must never reach Bob in any answer. */
const SECRET = `alice-secret-${randomUUID()}`;
const ids = {
  transaction: uuidV7(),
  category: uuidV7(),
  goal: uuidV7(),
  debt: uuidV7(),
  payment: uuidV7(),
  receipt: '',
};
const thb = (amount: number) => ({ amount, currency: 'THB' });
const debtTerms = {
  name: SECRET,
  type: 'loan',
  initialAmount: 1_200_000,
  currentAmount: 1_200_000,
  annualRatePercent: '6',
  paymentDueDay: 15,
  lender: SECRET,
  icon: 'car',
  color: '#336699',
  currency: 'THB',
  loanType: 'emi',
  termMonths: 12,
  openDate: '2026-01-15',
  startDate: '2026-01-15',
};

/** How a second user's command against the first user's items must end. */
type CommandCase = { body: () => Record<string, unknown>; expect: 'not-found' | 'own-data' | 'refused' };

const COMMANDS: Record<string, CommandCase> = {
  AddTransaction: {
    // The id is Alice's transaction: Bob cannot add to her stream.
    body: () => ({
      transactionId: ids.transaction,
      type: 'expense',
      amount: thb(100),
      categoryId: 'builtin-food',
      date: '2026-11-01',
    }),
    expect: 'not-found',
  },
  EditTransaction: {
    body: () => ({ transactionId: ids.transaction, changes: { note: 'mine now' } }),
    expect: 'not-found',
  },
  DeleteTransaction: { body: () => ({ transactionId: ids.transaction }), expect: 'not-found' },
  AddCategory: {
    // Categories and goals live in each user's own profile: Bob's are his own.
    body: () => ({ categoryId: uuidV7(), name: 'Bob things', type: 'expense', icon: 'bus', color: '#aa3300' }),
    expect: 'own-data',
  },
  EditCategory: { body: () => ({ categoryId: ids.category, changes: { name: 'renamed' } }), expect: 'not-found' },
  DeleteCategory: { body: () => ({ categoryId: ids.category }), expect: 'not-found' },
  ChangePreferences: { body: () => ({ changes: { currency: 'USD' } }), expect: 'own-data' },
  SetExchangeRates: { body: () => ({ rates: null }), expect: 'own-data' },
  AddGoal: {
    body: () => ({ goalId: uuidV7(), name: 'Bob goal', target: thb(10_000), targetDate: '2027-12-31' }),
    expect: 'own-data',
  },
  EditGoal: { body: () => ({ goalId: ids.goal, changes: { name: 'renamed' } }), expect: 'not-found' },
  ContributeToGoal: { body: () => ({ goalId: ids.goal, amount: thb(1), date: '2026-11-01' }), expect: 'not-found' },
  WithdrawFromGoal: { body: () => ({ goalId: ids.goal, amount: thb(1), date: '2026-11-01' }), expect: 'not-found' },
  DeleteGoal: { body: () => ({ goalId: ids.goal }), expect: 'not-found' },
  OpenDebt: { body: () => ({ debtId: ids.debt, ...debtTerms, name: 'Bob debt', lender: 'Bob' }), expect: 'not-found' },
  EditDebt: { body: () => ({ debtId: ids.debt, changes: { name: 'renamed' } }), expect: 'not-found' },
  RecordPayment: {
    body: () => ({ debtId: ids.debt, paymentId: uuidV7(), amount: 1, date: '2026-02-01' }),
    expect: 'not-found',
  },
  EditPayment: {
    body: () => ({ debtId: ids.debt, paymentId: ids.payment, changes: { notes: 'x' } }),
    expect: 'not-found',
  },
  DeletePayment: { body: () => ({ debtId: ids.debt, paymentId: ids.payment }), expect: 'not-found' },
  MarkInstallmentPaid: {
    body: () => ({ debtId: ids.debt, number: 2, paymentId: uuidV7(), date: '2026-03-01' }),
    expect: 'not-found',
  },
  MarkInstallmentUnpaid: { body: () => ({ debtId: ids.debt, number: 1 }), expect: 'not-found' },
  DeleteDebt: { body: () => ({ debtId: ids.debt, confirmPhrase: 'Delete Debt' }), expect: 'not-found' },
  // Account commands act on the caller only; with Alice's email Bob's deletion is refused.
  DeleteAccount: {
    body: () => ({ confirmEmail: alice.email, confirmPhrase: 'Delete My Account', reason: 'other' }),
    expect: 'refused',
  },
  SendVerificationCode: { body: () => ({}), expect: 'refused' },
  // Bob's email is verified already: the code changes nothing, of his or anyone's.
  VerifyEmail: { body: () => ({ code: '000000' }), expect: 'own-data' },
  RequestPasswordReset: { body: () => ({ email: alice.email, locale: 'en' }), expect: 'own-data' },
};

/** How a second user's request to each query or file route must end. */
type QueryCase = { url: () => string; expect: 'not-found' | 'own-data' | 'unauthorized' };

const QUERIES: Record<string, QueryCase> = {
  'GET /api/queries/transactions': { url: () => '/api/queries/transactions', expect: 'own-data' },
  'GET /api/queries/transactions/totals': { url: () => '/api/queries/transactions/totals', expect: 'own-data' },
  'GET /api/queries/transactions/:id': {
    url: () => `/api/queries/transactions/${ids.transaction}`,
    expect: 'not-found',
  },
  'GET /api/queries/transactions/:id/history': {
    url: () => `/api/queries/transactions/${ids.transaction}/history`,
    expect: 'not-found',
  },
  'GET /api/queries/categories': { url: () => '/api/queries/categories', expect: 'own-data' },
  'GET /api/queries/preferences': { url: () => '/api/queries/preferences', expect: 'own-data' },
  'GET /api/queries/goals': { url: () => '/api/queries/goals', expect: 'own-data' },
  'GET /api/queries/goals/:id': { url: () => `/api/queries/goals/${ids.goal}`, expect: 'not-found' },
  'GET /api/queries/debts': { url: () => '/api/queries/debts', expect: 'own-data' },
  'GET /api/queries/debts/:id': { url: () => `/api/queries/debts/${ids.debt}`, expect: 'not-found' },
  'GET /api/queries/debts/:id/history': { url: () => `/api/queries/debts/${ids.debt}/history`, expect: 'not-found' },
  'GET /api/queries/dashboard': { url: () => '/api/queries/dashboard', expect: 'own-data' },
  'GET /api/queries/budget-alerts': { url: () => '/api/queries/budget-alerts?month=2026-11', expect: 'own-data' },
  'GET /api/queries/reports': { url: () => '/api/queries/reports?month=2026-11', expect: 'own-data' },
  'GET /api/queries/activity': { url: () => '/api/queries/activity', expect: 'own-data' },
  'GET /api/queries/receipts/:receiptId/link': {
    url: () => `/api/queries/receipts/${ids.receipt}/link`,
    expect: 'not-found',
  },
  'GET /api/queries/export/link': { url: () => '/api/queries/export/link', expect: 'own-data' },
  // Files are fetched with a signed link, never with a bearer token: a token alone gets 401.
  'GET /api/files/receipts/:receiptId': { url: () => `/api/files/receipts/${ids.receipt}`, expect: 'unauthorized' },
  'GET /api/files/export.csv': { url: () => '/api/files/export.csv', expect: 'unauthorized' },
};

const TOOLKIT = '/identitytoolkit.googleapis.com/v1/accounts';

/** Calls the embedded identity as the web app's SDK does; `path` is a verb or a full path. */
async function identity(
  path: string,
  body: object | string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await identityCall(env.standalone, path.startsWith('/') ? path : `accounts:${path}`, body);
  return { status: answer.status, body: (answer.body ?? {}) as Record<string, unknown> };
}

/** The message of an Identity Toolkit refusal (`EMAIL_EXISTS` …). */
const refusal = (answer: { body: Record<string, unknown> }) => (answer.body['error'] as { message?: string })?.message;

/** The subject of an ID token (the signature is the server's business, checked elsewhere). */
const subjectOf = (idToken: unknown) =>
  (JSON.parse(Buffer.from(String(idToken).split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;

/**
 * The embedded identity's routes are a guest's by nature (signing up, signing in) or act on the
 * account of the token or code they are given. The rule for them: a token, refresh token or
 * code of one user never acts on another. Each case is Mallory, signed in afresh, naming Alice
 * every way the request lets her; Alice's account is compared before and after all of them.
 */
type IdentityCase = (mallory: TestUser) => Promise<void>;

const IDENTITY: Record<string, IdentityCase> = {
  [`POST ${TOOLKIT}:signUp`]: async () => {
    for (const email of [alice.email, `  ${alice.email.toUpperCase()} `]) {
      const answer = await identity('signUp', { email, password: 'mallory-password', returnSecureToken: true });
      expect(answer.status).toBe(400);
      expect(refusal(answer)).toBe('EMAIL_EXISTS');
      expect(answer.body['idToken']).toBeUndefined();
    }
  },
  [`POST ${TOOLKIT}:signInWithPassword`]: async (mallory) => {
    const wrong = await identity('signInWithPassword', {
      email: alice.email,
      password: 'mallory-password',
      returnSecureToken: true,
    });
    expect(wrong.status).toBe(400);
    expect(refusal(wrong)).toBe('INVALID_LOGIN_CREDENTIALS');
    // Her own address and password with Alice's uid beside them sign Mallory in, as herself.
    const own = await identity('signInWithPassword', {
      email: mallory.email,
      password: TEST_PASSWORD,
      localId: alice.uid,
      returnSecureToken: true,
    });
    expect(own.status).toBe(200);
    expect(own.body['localId']).toBe(mallory.uid);
    expect(subjectOf(own.body['idToken'])).toBe(mallory.uid);
  },
  [`POST ${TOOLKIT}:signInWithCustomToken`]: async (mallory) => {
    for (const token of [mallory.refreshToken, mallory.idToken, alice.uid]) {
      const answer = await identity('signInWithCustomToken', { token, returnSecureToken: true });
      expect(answer.status).toBe(400);
      expect(refusal(answer)).toBe('INVALID_CUSTOM_TOKEN');
    }
  },
  [`POST ${TOOLKIT}:lookup`]: async (mallory) => {
    const answer = await identity('lookup', {
      idToken: mallory.idToken,
      localId: [alice.uid],
      email: [alice.email],
    });
    expect(answer.status).toBe(200);
    expect(answer.body['users']).toMatchObject([{ localId: mallory.uid, email: mallory.email }]);
    expect(JSON.stringify(answer.body)).not.toContain(alice.uid);
    expect(JSON.stringify(answer.body)).not.toContain(alice.email);
  },
  [`POST ${TOOLKIT}:update`]: async (mallory) => {
    const answer = await identity('update', {
      idToken: mallory.idToken,
      localId: alice.uid,
      displayName: 'Mallory was here',
      returnSecureToken: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ localId: mallory.uid, displayName: 'Mallory was here' });
    expect(env.standalone.identity.store.user(mallory.uid)?.displayName).toBe('Mallory was here');
    const email = await identity('update', { idToken: mallory.idToken, email: alice.email });
    expect(refusal(email)).toBe('OPERATION_NOT_ALLOWED');
  },
  [`POST ${TOOLKIT}:resetPassword`]: async (mallory) => {
    for (const oobCode of [mallory.refreshToken, mallory.idToken]) {
      const answer = await identity('resetPassword', { oobCode, newPassword: 'mallory-password', email: alice.email });
      expect(answer.status).toBe(400);
      expect(refusal(answer)).toBe('INVALID_OOB_CODE');
    }
    // Her own reset code, with Alice's address and uid beside it, resets her own password only.
    const oobCode = await env.standalone.identity.providerAdmin.passwordResetCode(mallory.email);
    const own = await identity('resetPassword', {
      oobCode,
      newPassword: TEST_PASSWORD,
      email: alice.email,
      localId: alice.uid,
    });
    expect(own.status).toBe(200);
    expect(own.body['email']).toBe(mallory.email);
  },
  [`POST ${TOOLKIT}:createAuthUri`]: async () => {
    // Which methods an address signs in with is not told: it would tell who has an account.
    const answer = await identity('createAuthUri', { identifier: alice.email, continueUri: 'http://127.0.0.1/' });
    expect(answer.status).toBe(200);
    expect(answer.body['signinMethods']).toEqual([]);
    expect(answer.body['registered']).toBeUndefined();
  },
  // Not served: the account is deleted by DeleteAccount, which erases the data first.
  ...Object.fromEntries(
    ['delete', 'sendOobCode', 'signInWithIdp', 'signInWithEmailLink', 'signInWithPhoneNumber'].map((verb) => [
      `POST ${TOOLKIT}:${verb}`,
      async (mallory: TestUser) => {
        const answer = await identity(verb, {
          idToken: mallory.idToken,
          localId: alice.uid,
          email: alice.email,
          requestType: 'PASSWORD_RESET',
          returnSecureToken: true,
        });
        expect(answer.status).toBe(400);
        expect(refusal(answer)).toBe('OPERATION_NOT_ALLOWED');
      },
    ]),
  ),
  'GET /identitytoolkit.googleapis.com/v2/passwordPolicy': async () => {
    const answer = await env.standalone.app.inject({
      method: 'GET',
      url: '/identitytoolkit.googleapis.com/v2/passwordPolicy',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(alice.uid);
  },
  'POST /securetoken.googleapis.com/v1/token': async (mallory) => {
    const answer = await identity(
      '/securetoken.googleapis.com/v1/token',
      new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: mallory.refreshToken,
        user_id: alice.uid,
      }).toString(),
    );
    expect(answer.status).toBe(200);
    expect(answer.body['user_id']).toBe(mallory.uid);
    expect(subjectOf(answer.body['id_token'])).toBe(mallory.uid);
    const withIdToken = await identity(
      '/securetoken.googleapis.com/v1/token',
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: mallory.idToken }).toString(),
    );
    expect(withIdToken.status).toBe(400);
  },
  'POST /api/identity/sign-out': async (mallory) => {
    const answer = await identity('/api/identity/sign-out', { refreshToken: mallory.refreshToken, uid: alice.uid });
    expect(answer.status).toBe(204);
    // Her session ended, and only hers (Alice's refresh token is tried after every case).
    const ended = await identity(
      '/securetoken.googleapis.com/v1/token',
      new URLSearchParams({ grant_type: 'refresh_token', refresh_token: mallory.refreshToken }).toString(),
    );
    expect(ended.status).toBe(400);
  },
};

/** Routes anyone may call, and the routes that carry commands and uploads (tried below). */
const PUBLIC_ROUTES = ['GET /healthz', 'GET /readyz', 'GET /api/openapi.json'];
const COMMAND_ROUTES = ['POST /api/commands/:commandName'];
/** One route per command of the registry; each command's own case is in COMMANDS. */
const COMMAND_PATHS = commandNames().map((name) => `POST /api/commands/${name}`);
const UPLOAD_ROUTES = ['POST /api/receipts'];

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`JFIF ${SECRET}`)]);

async function uploadReceipt(user: TestUser): Promise<string> {
  const boundary = `----plenty${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await env.standalone.app.inject({
    method: 'POST',
    url: '/api/receipts',
    headers: { authorization: user.authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { receiptId: string }).receiptId;
}

/** Everything Alice can read about herself, to compare before and after Bob's attempts. */
async function aliceSees(): Promise<unknown[]> {
  const api = new ApiClient(env.standalone.app, alice);
  const paths = [
    'transactions',
    `transactions/${ids.transaction}`,
    `transactions/${ids.transaction}/history`,
    'categories',
    'preferences',
    'goals',
    `debts/${ids.debt}`,
    `debts/${ids.debt}/history`,
  ];
  return Promise.all(paths.map(async (path) => (await api.query(path)).body));
}

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser(env.standalone), createTestUser(env.standalone)]);
  const api = new ApiClient(env.standalone.app, alice);
  ids.receipt = await uploadReceipt(alice);
  const setup: [string, Record<string, unknown>][] = [
    [
      'AddCategory',
      { categoryId: ids.category, name: SECRET.slice(0, 40), type: 'expense', icon: 'coffee', color: '#336699' },
    ],
    [
      'AddTransaction',
      {
        transactionId: ids.transaction,
        type: 'expense',
        amount: thb(12_000),
        categoryId: ids.category,
        date: '2026-11-01',
        note: SECRET,
        receipt: ids.receipt,
      },
    ],
    ['EditTransaction', { transactionId: ids.transaction, changes: { amount: thb(15_000) } }],
    ['AddGoal', { goalId: ids.goal, name: SECRET.slice(0, 60), target: thb(1_000_000), targetDate: '2027-12-31' }],
    ['OpenDebt', { debtId: ids.debt, ...debtTerms }],
    ['MarkInstallmentPaid', { debtId: ids.debt, number: 1, paymentId: ids.payment, date: '2026-02-15' }],
    ['ChangePreferences', { changes: { currency: 'THB', monthlyBudget: thb(100_000) } }],
  ];
  for (const [name, body] of setup) {
    const answer = await api.command(name, body);
    expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
  }
  await api.query('transactions');
});

describe('security: the route list', () => {
  it('has a case for every route and command the app serves, and none for a route that is gone', () => {
    const served = httpRoutes(env.standalone.app);
    const covered = [
      ...Object.keys(QUERIES),
      ...Object.keys(IDENTITY),
      ...PUBLIC_ROUTES,
      ...COMMAND_ROUTES,
      ...COMMAND_PATHS,
      ...UPLOAD_ROUTES,
    ];
    expect(
      served.filter((route) => !covered.includes(route)),
      'routes without a security case',
    ).toEqual([]);
    expect(
      covered.filter((route) => !served.includes(route)),
      'cases for routes that no longer exist',
    ).toEqual([]);
    expect(
      commandNames().filter((name) => !(name in COMMANDS)),
      'commands without a security case',
    ).toEqual([]);
    expect(Object.keys(COMMANDS).filter((name) => !commandNames().includes(name))).toEqual([]);
  });
});

describe("security: another user's data", () => {
  it('is out of reach of every command: 404 for her items, otherwise only his own data changes', async () => {
    const before = await aliceSees();
    const stranger = new ApiClient(env.standalone.app, bob);
    // Commands on her items first, then the ones that act on Bob's own data.
    const order = { 'not-found': 0, refused: 1, 'own-data': 2 } as const;
    const cases = Object.entries(COMMANDS).sort(([, a], [, b]) => order[a.expect] - order[b.expect]);
    for (const [name, { body, expect: outcome }] of cases) {
      const answer = await stranger.command(name, body());
      const text = JSON.stringify(answer.body);
      expect(text, name).not.toContain(SECRET);
      expect(text, name).not.toMatch(/"stack"|\bat .+\.(ts|js):\d+/);
      if (outcome === 'not-found') expect(answer.status, `${name}: ${text}`).toBe(404);
      else if (outcome === 'refused')
        expect([400, 403, 404, 409, 422, 429], `${name}: ${text}`).toContain(answer.status);
      else expect(answer.status, `${name}: ${text}`).toBe(200);
    }
    await new ApiClient(env.standalone.app, alice).query('transactions');
    expect(await aliceSees()).toEqual(before);
    const stored = await env.standalone.eventStore.readStream(`transaction-${ids.transaction}`);
    expect(stored.every((event) => event.metadata.userId === alice.uid)).toBe(true);
  });

  it('is out of reach of every query and file route: 404 for her items, never a trace of her in his lists', async () => {
    for (const [route, { url, expect: outcome }] of Object.entries(QUERIES)) {
      const response = await env.standalone.app.inject({
        method: 'GET',
        url: url(),
        headers: { authorization: bob.authorization },
      });
      expect(response.body, route).not.toContain(SECRET);
      expect(response.body, route).not.toContain(ids.transaction);
      const expected = { 'not-found': 404, 'own-data': 200, unauthorized: 401 }[outcome];
      expect(response.statusCode, `${route}: ${response.body}`).toBe(expected);
    }
  });

  it("never serves Alice's receipt or export to Bob, even through a link", async () => {
    const link = await new ApiClient(env.standalone.app, bob).query<{ url: string }>('export/link');
    const csv = await env.standalone.app.inject({ method: 'GET', url: link.body.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(SECRET);
    const receiptLink = await new ApiClient(env.standalone.app, bob).query(`receipts/${ids.receipt}/link`);
    expect(receiptLink.status).toBe(404);
    // Alice's own link works for the file it names only.
    const own = await new ApiClient(env.standalone.app, alice).query<{ url: string }>(`receipts/${ids.receipt}/link`);
    const elsewhere = own.body.url.replace(ids.receipt, randomUUID());
    expect((await env.standalone.app.inject({ method: 'GET', url: elsewhere })).statusCode).toBe(404);
  });
});

describe("security: another user's account", () => {
  it('is out of reach of every identity route: no token, refresh token or code of Mallory acts on Alice', async () => {
    const mallory = await createTestUser(env.standalone);
    const store = env.standalone.identity.store;
    const before = store.user(alice.uid);
    let aliceRefresh = alice.refreshToken;
    for (const [route, attempt] of Object.entries(IDENTITY)) {
      const session = await signInTestUser(env.standalone, mallory.email);
      await attempt(session);
      expect(store.user(alice.uid), route).toEqual(before);
      // Alice's session goes on: her ID token is accepted and her refresh token still works.
      expect((await new ApiClient(env.standalone.app, alice).query('preferences')).status, route).toBe(200);
      const refreshed = await identity(
        '/securetoken.googleapis.com/v1/token',
        new URLSearchParams({ grant_type: 'refresh_token', refresh_token: aliceRefresh }).toString(),
      );
      expect(refreshed.status, route).toBe(200);
      expect(refreshed.body['user_id'], route).toBe(alice.uid);
      aliceRefresh = String(refreshed.body['refresh_token']);
    }
    expect((await signInTestUser(env.standalone, alice.email)).uid).toBe(alice.uid);
    expect(store.user(mallory.uid)).not.toBeNull();
  });
});
