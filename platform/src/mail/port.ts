/** One email. `html`, when there, is the same message as `text`. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** Sends email: through SMTP when configured, otherwise into the log and an outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The part of a pino/Fastify logger the mailers use. */
export interface MailLog {
  info(details: object, message: string): void;
}
