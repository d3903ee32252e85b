import { randomUUID } from 'node:crypto';
import { SUPPORT_TICKET_RECEIVED_MESSAGE, type SupportTicketInput, type SupportTicketResult } from '@planline/domain';
import type { DataSource } from 'typeorm';
import type { Mailer, OutgoingEmail } from './mailer.js';
import { insertOutboxEmail, insertTicket, markEmailSent } from './support.queries.js';
import type { SupportThrottle } from './support-throttle.js';

/** One line, whatever the visitor typed: a subject never carries a line break into the mail headers. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

export function ticketEmail(ticketId: string, input: SupportTicketInput, userId: string | null, supportEmail: string): OutgoingEmail {
  return {
    from: supportEmail,
    to: supportEmail,
    replyTo: input.email,
    subject: oneLine(`[Support][${input.priority}][${input.category}] ${input.subject}`),
    text: [
      `Support ticket ${ticketId}`,
      `From: ${oneLine(input.name)} <${input.email}>`,
      `Priority: ${input.priority}`,
      `Category: ${input.category}`,
      `Signed in: ${userId ? `yes, user ${userId}` : 'no'}`,
      `Subject: ${oneLine(input.subject)}`,
      '',
      input.message,
    ].join('\n'),
  };
}

/**
 * Help-centre tickets: counted against the sender's hourly limit, stored with their e-mail in one transaction
 * (the outbox), then sent when SMTP is configured. Sending never fails the request: an unsent e-mail stays in
 * `email_outbox` with `sent_at` empty, and the ticket is safe in `support_tickets`.
 */
export class SupportService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly throttle: SupportThrottle,
    private readonly mailer: Mailer,
    private readonly supportEmail: string,
  ) {}

  async submit(input: SupportTicketInput, userId: string | null): Promise<SupportTicketResult> {
    await this.throttle.reserve(input.email);
    const id = randomUUID();
    const outboxId = randomUUID();
    const email = ticketEmail(id, input, userId, this.supportEmail);
    await this.dataSource.transaction(async (manager) => {
      await insertTicket(manager, {
        id,
        name: input.name,
        email: input.email,
        subject: input.subject,
        priority: input.priority,
        category: input.category,
        message: input.message,
        userId,
      });
      await insertOutboxEmail(manager, {
        id: outboxId,
        toAddress: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        body: email.text,
        supportTicketId: id,
      });
    });
    if (await this.mailer.send(email)) {
      await markEmailSent(this.dataSource, outboxId);
    }
    return { id, message: SUPPORT_TICKET_RECEIVED_MESSAGE };
  }
}
