/** The help center and support tickets (PRODUCT-SPEC §2 "Help center"). */
export { HelpTopics } from './components/help-topics';
export { ResponseTimes } from './components/response-times';
export { SupportButton } from './components/support-button';
export { SupportTicketForm } from './components/support-ticket-form';
