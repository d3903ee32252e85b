import type { Transporter } from 'nodemailer';
import type { Logger } from '../../logger.js';

export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  /** Extra headers (notification e-mail: List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/** Sends an e-mail, or says it cannot (no SMTP configured): `false` means "keep it in the outbox". */
export interface Mailer {
  readonly configured: boolean;
  send(email: OutgoingEmail): Promise<boolean>;
}

const SMTP_TIMEOUT_MS = 5000;

/**
 * nodemailer over SMTP_URL. Without one, nothing is sent: the caller keeps the message in `email_outbox` and the
 * log. A refused or unreachable server is logged, never thrown: a support ticket is stored either way.
 */
export function createMailer(smtpUrl: string | undefined, logger: Logger): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      async send(email) {
        logger.info({ to: email.to, subject: email.subject, body: email.text }, 'e-mail kept in the outbox: SMTP_URL is not set');
        return false;
      },
    };
  }
  // nodemailer is loaded with the first e-mail, not at start: most servers send few, and it is memory held idle.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      // Timeouts from here, unless the URL sets its own: a slow server must not hold a visitor's request for minutes.
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    ).catch((err: unknown) => {
      // Not kept: a failure to load or to set up the transport is tried again with the next e-mail.
      transport = undefined;
      throw err;
    }));
  return {
    configured: true,
    async send(email) {
      try {
        await (await connect()).sendMail({
          from: email.from,
          to: email.to,
          replyTo: email.replyTo ?? undefined,
          subject: email.subject,
          text: email.text,
          headers: email.headers,
        });
        return true;
      } catch (err) {
        logger.warn({ err, to: email.to, subject: email.subject }, 'e-mail not sent; it stays in the outbox');
        return false;
      }
    },
  };
}
