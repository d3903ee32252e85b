/** Plans and payment: the plan pages' pieces, checkout, and the local test-mode checkout (PRODUCT-SPEC §2). */
export {
  CONFIRM_POLL_INTERVAL_MS,
  formatDay,
  formatPrice,
  paidPlanOf,
  paymentConfirmation,
  paymentPlanParam,
  planTitle,
  requestedPlanParam,
  sameOriginPath,
  subscribeView,
  type TrialState,
  trialState,
  upgradeView,
  welcomeBenefits,
} from './billing-rules';
export { useBillingConfig, useCheckout, usePayTestCheckout, useTestCheckoutSession } from './billing.api';
export { BackToProjects } from './components/back-to-projects';
export { BillingFrame, TeamsNotReady } from './components/billing-frame';
export { BillingMessage } from './components/billing-message';
export { CheckoutFailure } from './components/checkout-failure';
export { PlanBadge, PlanCard } from './components/plan-card';
export { PlanFeatureList } from './components/plan-feature-list';
export { TeamCheckout } from './components/team-checkout';
export { TeamUpgradeLinks } from './components/team-links';
export { TestModeBanner } from './components/test-mode-banner';
export { UpgradeFaq } from './components/upgrade-faq';
