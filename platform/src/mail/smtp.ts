import nodemailer from 'nodemailer';
import type { Mailer } from './port.js';

/** Sends through an SMTP server given as a URL (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function smtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    },
    async close() {
      transport.close();
    },
  };
}
