import { z } from 'zod';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Parses the environment with a zod schema at start-up; on failure throws a ConfigError
 * that names every variable that is missing or wrong, so a service fails fast and clearly.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

export const portSchema = z.coerce.number().int().min(0).max(65535);

const LOOPBACK = /^(127(?:\.\d{1,3}){3}|localhost|::1|\[::1\])$/;

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host);
}
