import { CheckoutSessionEntity } from './checkout-session.entity.js';
import { DashboardConfigEntity } from './dashboard-config.entity.js';
import { EmailOutboxEntity } from './email-outbox.entity.js';
import { GoogleDocsSyncEntity } from './google-docs-sync.entity.js';
import { LoginThrottleEntity } from './login-throttle.entity.js';
import { MemberCapacityEntity } from './member-capacity.entity.js';
import { ProjectBaselineEntity, ProjectBaselineLinkEntity, ProjectBaselineTaskEntity } from './project-baseline.entity.js';
import { ProjectDocumentEntity } from './project-document.entity.js';
import { ProjectMemberEntity } from './project-member.entity.js';
import { ProjectTemplateEntity } from './project-template.entity.js';
import { ProjectEntity } from './project.entity.js';
import { SessionEntity } from './session.entity.js';
import { StripeEventEntity } from './stripe-event.entity.js';
import { StripeSubscriptionEntity } from './stripe-subscription.entity.js';
import { SupportTicketEntity } from './support-ticket.entity.js';
import { SupportTicketThrottleEntity } from './support-ticket-throttle.entity.js';
import { TaskAssignmentEntity } from './task-assignment.entity.js';
import { TaskChangeHistoryEntity } from './task-change-history.entity.js';
import { TaskDependencyEntity } from './task-dependency.entity.js';
import { TaskEntity } from './task.entity.js';
import { TeamChatMessageEntity } from './team-chat-message.entity.js';
import { TeamJoinRequestEntity } from './team-join-request.entity.js';
import { TeamMemberEntity } from './team-member.entity.js';
import { TeamEntity } from './team.entity.js';
import { TemplateTaskEntity } from './template-task.entity.js';
import { UserEntity } from './user.entity.js';
import { WeeklyReportEntity } from './weekly-report.entity.js';

export {
  CheckoutSessionEntity,
  DashboardConfigEntity,
  EmailOutboxEntity,
  GoogleDocsSyncEntity,
  LoginThrottleEntity,
  MemberCapacityEntity,
  ProjectBaselineEntity,
  ProjectBaselineLinkEntity,
  ProjectBaselineTaskEntity,
  ProjectDocumentEntity,
  ProjectEntity,
  ProjectMemberEntity,
  ProjectTemplateEntity,
  SessionEntity,
  StripeEventEntity,
  StripeSubscriptionEntity,
  SupportTicketEntity,
  SupportTicketThrottleEntity,
  TaskAssignmentEntity,
  TaskChangeHistoryEntity,
  TaskDependencyEntity,
  TaskEntity,
  TeamChatMessageEntity,
  TeamEntity,
  TeamJoinRequestEntity,
  TeamMemberEntity,
  TemplateTaskEntity,
  UserEntity,
  WeeklyReportEntity,
};

/** Every entity, for the data source. */
export const entities = [
  UserEntity,
  SessionEntity,
  LoginThrottleEntity,
  MemberCapacityEntity,
  TeamEntity,
  TeamMemberEntity,
  TeamJoinRequestEntity,
  ProjectEntity,
  ProjectMemberEntity,
  ProjectDocumentEntity,
  TaskEntity,
  TaskAssignmentEntity,
  TaskDependencyEntity,
  TaskChangeHistoryEntity,
  ProjectTemplateEntity,
  TemplateTaskEntity,
  GoogleDocsSyncEntity,
  WeeklyReportEntity,
  DashboardConfigEntity,
  TeamChatMessageEntity,
  SupportTicketEntity,
  EmailOutboxEntity,
  SupportTicketThrottleEntity,
  StripeEventEntity,
  StripeSubscriptionEntity,
  CheckoutSessionEntity,
  ProjectBaselineEntity,
  ProjectBaselineTaskEntity,
  ProjectBaselineLinkEntity,
];
