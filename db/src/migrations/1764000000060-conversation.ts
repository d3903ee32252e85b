import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38, talk where the work is.
 * - task_comments: a deleted comment keeps its row (the thread shows "comment deleted"; time travel shows it as it
 *   was before); its body is emptied then. A deleted account's comments stay, without an author.
 * - task_watchers: explicit choices only. A task's creator, assignees, commenters and mentioned people watch it
 *   without a row; `watching = false` is someone who stopped watching, and outranks all of those.
 * - notifications: one per person per edit, newest first by (user_id, created_at, id). `data` keeps what the
 *   sentence is made from (task names, moves, the cause), `text` the sentence as first written. `emailed_at` is set
 *   once it went out at once or in a digest.
 * - notification_settings: a person without a row has the defaults (DEFAULT_NOTIFICATION_SETTINGS).
 * - team_chat_messages gains the people it mentions and the tasks it references.
 * - email_outbox gains headers (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058).
 * - conversation_post_throttle counts a person's comments and chat messages per minute (WindowedCounter).
 */
export class Conversation1764000000060 implements MigrationInterface {
  name = 'Conversation1764000000060';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE task_comments (
        id uuid PRIMARY KEY,
        task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        body text NOT NULL CHECK (char_length(body) <= 10000),
        mentioned_user_ids uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz,
        deleted_at timestamptz,
        CONSTRAINT task_comments_body_visible_check CHECK (deleted_at IS NOT NULL OR body ~ '[^[:space:]]')
      );
      CREATE INDEX task_comments_task_created_idx ON task_comments (task_id, created_at, id);
      CREATE INDEX task_comments_project_id_idx ON task_comments (project_id);
      CREATE INDEX task_comments_user_id_idx ON task_comments (user_id);

      CREATE TABLE task_watchers (
        task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        watching boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (task_id, user_id)
      );
      CREATE INDEX task_watchers_user_id_idx ON task_watchers (user_id);

      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        reason varchar(32) NOT NULL CHECK (reason IN ('mention', 'comment', 'assigned', 'task_changed', 'join_request', 'join_answered', 'project_restored')),
        actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
        team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
        project_id uuid REFERENCES projects (id) ON DELETE CASCADE,
        task_id uuid REFERENCES tasks (id) ON DELETE SET NULL,
        comment_id uuid REFERENCES task_comments (id) ON DELETE SET NULL,
        chat_message_id uuid REFERENCES team_chat_messages (id) ON DELETE SET NULL,
        text text NOT NULL,
        excerpt text,
        data jsonb NOT NULL DEFAULT '{}',
        read_at timestamptz,
        archived_at timestamptz,
        emailed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC);
      CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL AND archived_at IS NULL;
      CREATE INDEX notifications_unemailed_idx ON notifications (created_at) WHERE emailed_at IS NULL AND read_at IS NULL;
      CREATE INDEX notifications_project_id_idx ON notifications (project_id);
      CREATE INDEX notifications_task_id_idx ON notifications (task_id);
      CREATE INDEX notifications_actor_id_idx ON notifications (actor_id);
      CREATE INDEX notifications_comment_id_idx ON notifications (comment_id);
      CREATE INDEX notifications_chat_message_id_idx ON notifications (chat_message_id);
      CREATE INDEX notifications_team_id_idx ON notifications (team_id);

      CREATE TABLE notification_settings (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        mentions varchar(16) NOT NULL CHECK (mentions IN ('off', 'instant', 'digest')),
        other varchar(16) NOT NULL CHECK (other IN ('off', 'instant', 'digest')),
        last_digest_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      ALTER TABLE team_chat_messages
        ADD COLUMN mentioned_user_ids uuid[] NOT NULL DEFAULT '{}',
        ADD COLUMN task_ids uuid[] NOT NULL DEFAULT '{}';
      ALTER TABLE team_chat_messages ADD CONSTRAINT team_chat_messages_message_length_check CHECK (char_length(message) <= 10000);
      CREATE INDEX team_chat_messages_team_created_id_idx ON team_chat_messages (team_id, created_at DESC, id DESC);

      ALTER TABLE email_outbox ADD COLUMN headers jsonb;

      CREATE TABLE conversation_post_throttle (
        user_key varchar(64) PRIMARY KEY,
        posts integer NOT NULL DEFAULT 0 CHECK (posts >= 0),
        window_started_at timestamptz NOT NULL
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE conversation_post_throttle;
      ALTER TABLE email_outbox DROP COLUMN headers;
      DROP INDEX team_chat_messages_team_created_id_idx;
      ALTER TABLE team_chat_messages DROP CONSTRAINT team_chat_messages_message_length_check;
      ALTER TABLE team_chat_messages DROP COLUMN task_ids, DROP COLUMN mentioned_user_ids;
      DROP TABLE notification_settings;
      DROP TABLE notifications;
      DROP TABLE task_watchers;
      DROP TABLE task_comments;
    `);
  }
}
