import { supportTicketInputSchema, type PublicUser } from '@planline/domain';
import { describe, expect, it } from 'vitest';
import { contactPrefill, RESPONSE_TARGET_HOURS, responseTargetText, TICKET_CATEGORY_LABELS, TICKET_PRIORITY_LABELS } from './support-ticket';

const user: PublicUser = {
  id: '3f1c2a9e-8d4b-4c7a-9b1e-2f6d5a4c3b21',
  email: 'maria@example.test',
  firstName: 'Maria',
  lastName: 'Lopez',
  profileImageUrl: null,
  currentPlan: 'free',
  isEmailVerified: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('response times', () => {
  it('[help-response-times] targets High 4 h, Medium 24 h, Low 48 h', () => {
    expect(RESPONSE_TARGET_HOURS).toEqual({ high: 4, medium: 24, low: 48 });
    expect(responseTargetText('high')).toBe('We aim to reply within 4 hours.');
    expect(responseTargetText('medium')).toBe('We aim to reply within 24 hours.');
    expect(responseTargetText('low')).toBe('We aim to reply within 48 hours.');
  });

  it('[help-response-times] says urgent requests are handled first', () => {
    expect(responseTargetText('urgent')).toBe('Urgent requests are handled first.');
  });
});

describe('contactPrefill', () => {
  it('[help-prefill] fills name and e-mail for a signed-in user', () => {
    expect(contactPrefill(user)).toEqual({ name: 'Maria Lopez', email: 'maria@example.test' });
  });

  it('[help-prefill] leaves out a blank last name', () => {
    expect(contactPrefill({ ...user, lastName: ' ' })).toEqual({ name: 'Maria', email: 'maria@example.test' });
  });

  it('[help-prefill] starts empty for a visitor', () => {
    expect(contactPrefill(null)).toEqual({ name: '', email: '' });
  });
});

describe('ticket form contract', () => {
  it('[support-ticket-fields] has a label for every priority and category the server accepts', () => {
    const shape = supportTicketInputSchema.shape;
    expect(Object.keys(TICKET_PRIORITY_LABELS).sort()).toEqual([...shape.priority.unwrap().options].sort());
    expect(Object.keys(TICKET_CATEGORY_LABELS).sort()).toEqual([...shape.category.unwrap().options].sort());
  });

  it('[support-validation] the form defaults to medium priority and general category', () => {
    const parsed = supportTicketInputSchema.parse({ name: 'A', email: 'a@example.test', subject: 'S', message: 'M' });
    expect(parsed).toMatchObject({ priority: 'medium', category: 'general' });
  });

  it('[support-validation] needs name, e-mail, subject and message, and a valid e-mail', () => {
    const result = supportTicketInputSchema.safeParse({ name: ' ', email: 'nope', subject: '', message: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      name: 'Name is required',
      email: 'Invalid email address',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });
});
