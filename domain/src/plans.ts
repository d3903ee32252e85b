import { z } from 'zod';

export const planSchema = z.enum(['free', 'pro', 'enterprise']);
export type Plan = z.infer<typeof planSchema>;

export const paidPlanSchema = z.enum(['pro', 'enterprise']);
export type PaidPlan = z.infer<typeof paidPlanSchema>;

export interface PlanOffer {
  plan: Plan;
  title: string;
  priceUsdPerMonth: number;
  priceNote: string;
  features: string[];
}

/** The public pricing table of PRODUCT-SPEC §1, shown on the landing page and the plan pages. */
export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    plan: 'free',
    title: 'Free',
    priceUsdPerMonth: 0,
    priceNote: 'per month',
    features: ['Up to 3 projects', 'Individual workspace', 'Basic Gantt charts', 'Excel and PDF export'],
  },
  {
    plan: 'pro',
    title: 'Pro',
    priceUsdPerMonth: 15,
    priceNote: 'per month per team',
    features: [
      'Unlimited projects',
      'Up to 5 team members',
      'Advanced Gantt features',
      'All export formats',
      'Priority support',
    ],
  },
  {
    plan: 'enterprise',
    title: 'Enterprise',
    priceUsdPerMonth: 25,
    priceNote: 'per month per team',
    features: [
      'Unlimited projects',
      'Unlimited team members',
      'Advanced analytics',
      'Document sync',
      'Premium support',
    ],
  },
];

export function planOffer(plan: Plan): PlanOffer {
  const offer = PLAN_OFFERS.find((o) => o.plan === plan);
  if (!offer) throw new Error(`unknown plan ${plan}`);
  return offer;
}

/** Reads a `plan` query parameter; anything unknown is the free plan. */
export function parsePlanParam(value: string | null | undefined): Plan {
  const parsed = planSchema.safeParse(value?.toLowerCase());
  return parsed.success ? parsed.data : 'free';
}
