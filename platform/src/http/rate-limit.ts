import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

export interface LimitRule {
  /** Names the counter; keys of different rules never meet. */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
  /** What is counted (an IP, a user id, an address); null skips this rule for the request. */
  readonly key: (request: FastifyRequest) => string | null;
}

/** Checks a request against rules and answers 429 `rate_limited` with Retry-After when one is exceeded. */
export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Counters in memory (per instance) from @fastify/rate-limit, registered in this scope
 * without any global limit; each rule counts every request it sees, allowed or not.
 */
export async function installRateLimits(app: FastifyInstance): Promise<(rules: readonly LimitRule[]) => Limiter> {
  if (!app.hasDecorator('createRateLimit')) await app.register(fastifyRateLimit, { global: false });
  return (rules) => {
    const checks = rules.map((rule) => {
      const check = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowSeconds * 1000,
        keyGenerator: (request) => `${rule.name}:${rule.key(request) ?? ''}`,
      });
      return { rule, check };
    });
    return async (request, reply) => {
      for (const { rule, check } of checks) {
        if (rule.key(request) === null) continue;
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          const seconds = Math.max(1, result.ttlInSeconds);
          reply.header('retry-after', String(seconds));
          throw new HttpError(429, 'rate_limited', `Too many requests; try again in ${seconds} seconds.`);
        }
      }
    };
  };
}

/**
 * The limit of `perMinute` requests a minute per signed-in user (per instance), counted under
 * `name`; undefined when `perMinute` is 0 (the limit turned off).
 */
export async function perUserPerMinute(
  app: FastifyInstance,
  name: string,
  perMinute: number,
): Promise<Limiter | undefined> {
  if (perMinute <= 0) return undefined;
  return (await installRateLimits(app))([
    { name, max: perMinute, windowSeconds: 60, key: (request) => request.user?.uid ?? null },
  ]);
}
