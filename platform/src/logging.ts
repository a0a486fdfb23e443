import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

const ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
const RESET_LINK_TOKEN = /(\/reset-password\/)[^\s/?#"'<>]+/g;
const SECRET_PARAMETER = /\b(oobCode|code|token|idToken|id_token|access_token|refresh_token|state)=[^\s&#"'<>]+/gi;

/**
 * Text bound for a log without what must never reach one: email addresses, the token of a
 * password reset link, and codes or tokens in query parameters.
 */
export function scrubLogText(text: string): string {
  return text
    .replace(ADDRESS, '[address]')
    .replace(RESET_LINK_TOKEN, '$1[token]')
    .replace(SECRET_PARAMETER, '$1=[redacted]');
}

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  cause?: LoggedError;
}

/**
 * An error as logs show it: its type, code, message and stack, scrubbed (an SMTP server's
 * refusal quotes the recipient, for instance). Other properties, which a library may fill
 * with the message it was sending, are left out.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubLogText(String(error)) };
  const logged: LoggedError = { type: error.name, message: scrubLogText(error.message) };
  if (error.stack !== undefined) logged.stack = scrubLogText(error.stack);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') logged.code = code;
  if (error.cause !== undefined && depth < 3) logged.cause = errorForLog(error.cause, depth + 1);
  return logged;
}

/**
 * Fields a log line may carry that hold personal text or secrets: replaced whatever their
 * value. Log calls name the file of a mail, a user id or an event id, never these; this is
 * the net under them.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'mail.to',
  'mail.subject',
  'mail.text',
  'mail.html',
  'email',
  'to',
  'note',
  'password',
  'oobCode',
  'idToken',
  'refreshToken',
  '*.email',
  '*.note',
  '*.password',
];

/** The pino options of every HTTP service: redaction, and errors and requests scrubbed. */
export function serviceLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: {
      err: (error) => ({ stack: '', ...errorForLog(error) }),
      // Request lines (LOG_LEVEL=debug) show the path without its query, and no reset token.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: scrubLogText(request.url.replace(/\?.*$/s, '?…')),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
