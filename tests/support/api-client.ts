import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './users.js';

export interface CommandAnswer {
  readonly status: number;
  readonly body: { streamId: string; revision: number; position: string } & {
    error?: { code: string; fields?: Record<string, string> };
  };
}

/** Sends commands and queries as a signed-in user through `inject`, reading its own writes. */
export class ApiClient {
  private lastPosition: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly user: TestUser | null,
  ) {}

  private headers(): Record<string, string> {
    return this.user === null ? {} : { authorization: this.user.authorization };
  }

  async command(
    name: string,
    payload: Record<string, unknown>,
    commandId: string = randomUUID(),
  ): Promise<CommandAnswer> {
    const response = await this.app.inject({
      method: 'POST',
      url: `/api/commands/${name}`,
      headers: this.headers(),
      payload: { commandId, ...payload },
    });
    const body = response.json() as CommandAnswer['body'];
    if (response.statusCode === 200) this.lastPosition = body.position;
    return { status: response.statusCode, body };
  }

  async query<T = unknown>(path: string): Promise<{ status: number; body: T; position: string | undefined }> {
    const headers: Record<string, string> = this.headers();
    if (this.lastPosition !== null) headers['x-min-position'] = this.lastPosition;
    const response = await this.app.inject({ method: 'GET', url: `/api/queries/${path}`, headers });
    const position = response.headers['x-position'];
    return {
      status: response.statusCode,
      body: response.json() as T,
      position: typeof position === 'string' ? position : undefined,
    };
  }
}
