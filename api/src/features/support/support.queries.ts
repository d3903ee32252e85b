import { EmailOutboxEntity, SupportTicketEntity } from '@planline/db';
import type { EntityManager } from 'typeorm';
import type { Sql } from '../access/access.queries.js';

/** Support tickets' SQL: the ticket and its e-mail in the outbox (which notification e-mail shares). */

export async function insertTicket(m: EntityManager, ticket: Pick<SupportTicketEntity, 'id' | 'name' | 'email' | 'subject' | 'priority' | 'category' | 'message' | 'userId'>): Promise<void> {
  await m.getRepository(SupportTicketEntity).insert(ticket);
}

export async function insertOutboxEmail(
  m: EntityManager,
  email: Pick<EmailOutboxEntity, 'id' | 'toAddress' | 'replyTo' | 'subject' | 'body'> & Partial<Pick<EmailOutboxEntity, 'supportTicketId' | 'headers'>>,
): Promise<void> {
  await m.getRepository(EmailOutboxEntity).insert(email);
}

export async function markEmailSent(sql: Sql, outboxId: string): Promise<void> {
  await sql.query(`UPDATE email_outbox SET sent_at = now() WHERE id = $1`, [outboxId]);
}
