import { randomUUID } from 'node:crypto';
import { uuidV7 } from '@plenty/contracts/uuid-v7';

/**
 * Simulated people using Plenty at once: each signs in, then repeatedly waits a moment and
 * does one thing, reads far more often than writes, as the app's screens do. Answers are timed
 * per route.
 */

export interface SimulatedUser {
  readonly uid: string;
  readonly authorization: string;
}

interface UserState {
  readonly user: SimulatedUser;
  readonly transactions: string[];
  goal: string | null;
  position: string | null;
}

/** One action, its share of all actions, and how to send it. */
interface Action {
  readonly route: string;
  readonly weight: number;
  readonly write: boolean;
  request(state: UserState): { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown> } | null;
}

const month = () => new Date().toISOString().slice(0, 7);
const today = () => new Date().toISOString().slice(0, 10);
const pick = <T>(values: readonly T[]): T | undefined => values[Math.floor(Math.random() * values.length)];

/** The mix: about 85 % reads (the dashboard and the list most of all) and 15 % writes. */
export const ACTIONS: readonly Action[] = [
  {
    route: 'GET /dashboard',
    weight: 25,
    write: false,
    request: () => ({ method: 'GET', path: '/api/queries/dashboard' }),
  },
  {
    route: 'GET /transactions',
    weight: 23,
    write: false,
    request: () => ({ method: 'GET', path: '/api/queries/transactions?limit=20' }),
  },
  {
    route: 'GET /transactions/:id',
    weight: 10,
    write: false,
    request: (s) => {
      const id = pick(s.transactions);
      return id === undefined ? null : { method: 'GET', path: `/api/queries/transactions/${id}` };
    },
  },
  {
    route: 'GET /reports',
    weight: 8,
    write: false,
    request: () => ({ method: 'GET', path: `/api/queries/reports?month=${month()}` }),
  },
  {
    route: 'GET /preferences',
    weight: 7,
    write: false,
    request: () => ({ method: 'GET', path: '/api/queries/preferences' }),
  },
  { route: 'GET /debts', weight: 6, write: false, request: () => ({ method: 'GET', path: '/api/queries/debts' }) },
  {
    route: 'GET /activity',
    weight: 6,
    write: false,
    request: () => ({ method: 'GET', path: '/api/queries/activity?limit=20' }),
  },
  {
    route: 'POST AddTransaction',
    weight: 10,
    write: true,
    request: () => ({
      method: 'POST',
      path: '/api/commands/AddTransaction',
      body: {
        transactionId: uuidV7(),
        type: 'expense',
        amount: { amount: 1000 + Math.floor(Math.random() * 500_000), currency: 'LAK' },
        categoryId: pick(['builtin-food', 'builtin-transport', 'builtin-shopping']),
        date: today(),
        note: pick(['ເຂົ້າປຽກເສັ້ນ', 'ค่ารถ', 'Coffee', 'Market']),
      },
    }),
  },
  {
    route: 'POST EditTransaction',
    weight: 4,
    write: true,
    request: (s) => {
      const id = pick(s.transactions);
      return id === undefined
        ? null
        : {
            method: 'POST',
            path: '/api/commands/EditTransaction',
            body: {
              transactionId: id,
              changes: { amount: { amount: 1000 + Math.floor(Math.random() * 90_000), currency: 'LAK' } },
            },
          };
    },
  },
  {
    route: 'POST ContributeToGoal',
    weight: 1,
    write: true,
    request: (s) =>
      s.goal === null
        ? null
        : {
            method: 'POST',
            path: '/api/commands/ContributeToGoal',
            body: { goalId: s.goal, amount: { amount: 5000, currency: 'LAK' }, date: today() },
          },
  },
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, action) => sum + action.weight, 0);

function chooseAction(): Action {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const action of ACTIONS) {
    roll -= action.weight;
    if (roll < 0) return action;
  }
  return ACTIONS[0] as Action;
}

export interface RouteFigures {
  readonly route: string;
  readonly count: number;
  readonly errors: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

export interface LoadResult {
  readonly users: number;
  readonly seconds: number;
  readonly requests: number;
  readonly perSecond: number;
  readonly errors: number;
  readonly routes: RouteFigures[];
  readonly all: Omit<RouteFigures, 'route'>;
  /** Writes answered 200, and how many of them a later read by the same user found. */
  readonly acknowledgedWrites: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function figures(latencies: number[], errors: number) {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    count: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

async function send(baseUrl: string, state: UserState, request: NonNullable<ReturnType<Action['request']>>) {
  const headers: Record<string, string> = { authorization: state.user.authorization };
  // Like the web app: a read after the user's own write waits for it (X-Min-Position).
  if (request.method === 'GET' && state.position !== null) headers['x-min-position'] = state.position;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify({ commandId: randomUUID(), ...request.body }) }),
  });
  const text = await response.text();
  return { status: response.status, body: text };
}

/** Gives each user a few transactions and a goal, so reads and edits have something to show. */
export async function seedUsers(baseUrl: string, users: readonly SimulatedUser[]): Promise<void> {
  await Promise.all(
    users.map(newState).map(async (state) => {
      for (let i = 0; i < 5; i += 1)
        await act(baseUrl, state, ACTIONS.find((a) => a.route === 'POST AddTransaction') as Action);
      const goalId = uuidV7();
      const answer = await send(baseUrl, state, {
        method: 'POST',
        path: '/api/commands/AddGoal',
        body: {
          goalId,
          name: `Savings ${goalId.slice(-6)}`,
          target: { amount: 50_000_000, currency: 'LAK' },
          targetDate: '2027-12-31',
        },
      });
      if (answer.status !== 200) throw new Error(`seeding failed: ${answer.status} ${answer.body}`);
      state.goal = goalId;
    }),
  );
}

/** Each person's own items, kept from the seeding to the runs. */
const states = new WeakMap<SimulatedUser, UserState>();
function newState(user: SimulatedUser): UserState {
  let state = states.get(user);
  if (state === undefined) states.set(user, (state = { user, transactions: [], goal: null, position: null }));
  return state;
}

async function act(baseUrl: string, state: UserState, action: Action) {
  const request = action.request(state);
  if (request === null) return null;
  const started = performance.now();
  const answer = await send(baseUrl, state, request);
  const ms = performance.now() - started;
  if (answer.status === 200 && action.write) {
    const result = JSON.parse(answer.body) as { position: string };
    state.position = result.position;
    if (action.route === 'POST AddTransaction') state.transactions.push(String(request.body?.transactionId));
  }
  return { ms, status: answer.status };
}

/**
 * `users` people at once for `seconds`, each waiting a random think time (exponential, mean
 * `thinkMs`) between actions.
 */
export async function runLoad(
  baseUrl: string,
  users: readonly SimulatedUser[],
  /** For `seconds` (the bench), or until `requests` were answered (a test: work, not time). */
  options: ({ seconds: number } | { requests: number }) & { thinkMs: number },
): Promise<LoadResult> {
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  let acknowledgedWrites = 0;
  let answered = 0;
  const ends = 'seconds' in options ? Date.now() + options.seconds * 1000 : Infinity;
  const goOn = () => ('requests' in options ? answered < options.requests : Date.now() < ends);
  const started = performance.now();
  await Promise.all(
    users.map(async (user) => {
      const state = newState(user);
      // Everyone starts at a different moment within the first think time.
      await new Promise((r) => setTimeout(r, Math.random() * options.thinkMs));
      while (goOn()) {
        const action = chooseAction();
        let outcome: { ms: number; status: number } | null;
        try {
          outcome = await act(baseUrl, state, action);
        } catch {
          outcome = { ms: 0, status: 0 };
        }
        if (outcome !== null) {
          answered += 1;
          if (outcome.status === 200) {
            (latencies.get(action.route) ?? latencies.set(action.route, []).get(action.route))?.push(outcome.ms);
            if (action.write) acknowledgedWrites += 1;
          } else errors.set(action.route, (errors.get(action.route) ?? 0) + 1);
        }
        await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * options.thinkMs));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const routes = ACTIONS.map((action) => ({
    route: action.route,
    ...figures(latencies.get(action.route) ?? [], errors.get(action.route) ?? 0),
  }));
  const allLatencies = [...latencies.values()].flat();
  const allErrors = [...errors.values()].reduce((sum, n) => sum + n, 0);
  const requests = allLatencies.length + allErrors;
  return {
    users: users.length,
    seconds,
    requests,
    perSecond: requests / seconds,
    errors: allErrors,
    routes,
    all: figures(allLatencies, allErrors),
    acknowledgedWrites,
  };
}
