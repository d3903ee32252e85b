import { randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOKS_PER_TEAM,
  WEBHOOK_SECRET_PREFIX,
  type CreatedWebhook,
  type CreateWebhookInput,
  type Webhook,
  type WebhookDelivery,
} from '@planline/domain';
import type { DataSource } from 'typeorm';
import { AppError } from '../../errors.js';
import { lockTeam } from '../access/access.policy.js';
import { checkWebhookTarget, type Resolver } from './webhook-address.js';
import { requireWebhookManager, WEBHOOK_NOT_FOUND } from './webhooks.policy.js';
import {
  countWebhooks,
  deleteWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  presentWebhook,
  updateSecret,
  webhookExists,
} from './webhooks.queries.js';

const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export interface WebhooksServiceOptions {
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private addresses, and plain http, are allowed (development and tests). */
  allowPrivate: boolean;
  /** Told when a team's endpoints change, so the event queue reads them afresh. */
  onChanged?: (teamId: string) => void;
  now?: () => Date;
  resolve?: Resolver;
}

/**
 * Issue 40: a team's webhook endpoints. The secret signs every delivery, so it is kept as is, and answered only by
 * the POST that makes it and by a rotation. The URL's address is checked here ([webhook-ssrf]) and again before
 * every delivery.
 */
export class WebhooksService {
  private readonly now: () => Date;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: WebhooksServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async list(actorId: string, teamId: string): Promise<Webhook[]> {
    await requireWebhookManager(this.dataSource, actorId, teamId, this.now());
    return (await listWebhooks(this.dataSource, teamId)).map(presentWebhook);
  }

  /**
   * Registers an endpoint. The limit is counted with the team's row locked, so concurrent requests cannot pass it
   * together; the address is checked before (resolving a name takes time no lock should wait for).
   */
  async create(actorId: string, teamId: string, input: CreateWebhookInput): Promise<CreatedWebhook> {
    await requireWebhookManager(this.dataSource, actorId, teamId, this.now());
    const target = await checkWebhookTarget(input.url, this.options.allowPrivate, this.options.resolve);
    if (!target.ok) throw new AppError('validation_failed', target.message, { issues: [{ path: 'url', message: target.message }] });
    const secret = newSecret();
    const row = await this.dataSource.transaction(async (m) => {
      await lockTeam(m, teamId);
      if ((await countWebhooks(m, teamId)) >= MAX_WEBHOOKS_PER_TEAM) {
        throw new AppError('conflict', `This team has ${MAX_WEBHOOKS_PER_TEAM} webhooks, the most a team may have. Delete one it no longer uses first.`);
      }
      return insertWebhook(m, { id: randomUUID(), teamId, url: input.url, events: input.events, secret, createdBy: actorId });
    });
    this.options.onChanged?.(teamId);
    return { webhook: presentWebhook(row), secret };
  }

  /** A new secret, answered this once; the old one signs nothing from now on. */
  async rotateSecret(actorId: string, teamId: string, webhookId: string): Promise<CreatedWebhook> {
    await requireWebhookManager(this.dataSource, actorId, teamId, this.now());
    const secret = newSecret();
    const row = await updateSecret(this.dataSource, teamId, webhookId, secret);
    if (!row) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    return { webhook: presentWebhook(row), secret };
  }

  /** Deleting needs no plan: a team that went back to Free can still remove its endpoints. */
  async remove(actorId: string, teamId: string, webhookId: string): Promise<void> {
    await requireWebhookManager(this.dataSource, actorId, teamId, this.now(), false);
    if (!(await deleteWebhook(this.dataSource, teamId, webhookId))) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    this.options.onChanged?.(teamId);
  }

  async deliveries(actorId: string, teamId: string, webhookId: string): Promise<WebhookDelivery[]> {
    await requireWebhookManager(this.dataSource, actorId, teamId, this.now());
    if (!(await webhookExists(this.dataSource, teamId, webhookId))) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    return listDeliveries(this.dataSource, webhookId);
  }
}
