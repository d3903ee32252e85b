/** The profile page's cards (PRODUCT-SPEC §2 "Profile"). */
export { AccountActionsCard } from './components/account-actions-card';
export { ApiTokensCard } from './components/api-tokens-card';
export { CalendarFeedCard } from './components/calendar-feed-card';
export { CurrentPlanCard } from './components/current-plan-card';
export { NotificationEmailCard } from './components/notification-email-card';
export { PersonalInfoCard } from './components/personal-info-card';
