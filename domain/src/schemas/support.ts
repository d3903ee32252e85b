import { z } from 'zod';
import { emailSchema, textError } from './user.js';

const required = (label: string, max: number) =>
  z
    .string({ error: textError(label) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The landing page's Contact Support form (PRODUCT-SPEC §3); it makes no call, only a toast. */
export const supportRequestSchema = z.object({
  name: required('Name', 200),
  email: emailSchema,
  subject: required('Subject', 200),
  message: required('Message', 5000),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;
