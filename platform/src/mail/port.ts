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
  /**
   * Deletes the messages to an address that the mailer keeps (an erased account); answers how
   * many. Mailers that keep nothing (SMTP: the mail has left) have none.
   */
  deleteMailTo?(address: string): Promise<number>;
  close(): Promise<void>;
}

/** The part of a pino/Fastify logger the mailers use. */
export interface MailLog {
  info(details: object, message: string): void;
}
