import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
} from '../constants.js';
import { planSchema } from '../plans.js';

/** 'X is required' when absent, 'X must be text' when of another type: both say what to fix. */
export const textError = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;

const personName = (label: string) =>
  z
    .string({ error: textError(label) })
    .trim()
    .min(1, `${label} is required`)
    .max(PERSON_NAME_MAX_LENGTH, `${label} must be at most ${PERSON_NAME_MAX_LENGTH} characters`);

export const emailSchema = z
  .string({ error: textError('Email') })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Invalid email address'));

export const passwordSchema = z
  .string({ error: textError('Password') })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

/** POST /api/auth/register (PRODUCT-SPEC §3 registration payload, §5 rules). */
export const registerInputSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** The registration form adds the confirmation the server never sees. */
export const registerFormSchema = registerInputSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/auth/login: only presence is checked, so a wrong password never reveals the rules. */
export const loginInputSchema = z.object({
  email: z.string({ error: textError('Email') }).trim().min(1, 'Email is required').max(EMAIL_MAX_LENGTH),
  password: z.string({ error: textError('Password') }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/**
 * PUT /api/auth/user (the profile form of /profile). A new email address also needs `currentPassword`: a session
 * left open somewhere must not be enough to take the account over (issue #14).
 */
export const profileInputSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailSchema,
  currentPassword: z.string({ error: textError('Current password') }).max(PASSWORD_MAX_LENGTH).optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email address';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/** Whether a profile change asks for another email address (not merely the same one in other case). */
export const changesEmail = (currentEmail: string, nextEmail: string) => currentEmail.trim().toLowerCase() !== nextEmail.trim().toLowerCase();

/** What the API tells anyone about a user: never the hash, never internals. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  currentPlan: planSchema,
  isEmailVerified: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The profile button text rule of PRODUCT-SPEC §2: full name, else email, else 'User'. */
export function displayName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  if (!user) return 'User';
  const full = [user.firstName, user.lastName].map((s) => s?.trim()).filter(Boolean).join(' ');
  if (full) return full;
  if (user.email?.trim()) return user.email.trim();
  return 'User';
}

/** Initials for an avatar placeholder. */
export function initials(user: Pick<PublicUser, 'firstName' | 'lastName' | 'email'>): string {
  const letters = [user.firstName, user.lastName].map((s) => s?.trim()?.[0] ?? '').join('');
  return (letters || user.email?.[0] || '?').toUpperCase();
}
