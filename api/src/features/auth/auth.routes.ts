import Router from '@koa/router';
import {
  changesEmail,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  loginInputSchema,
  profileInputSchema,
  registerInputSchema,
  type LoginInput,
  type ProfileInput,
} from '@planline/domain';
import type { UserEntity } from '@planline/db';
import type { RealtimeBus } from '@planline/realtime';
import type { Context } from 'koa';
import koaPassport from 'koa-passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { AppError } from '../../errors.js';
import { currentUser, requireAuth, sessionOnly } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { beginSession, endSession } from '../../http/session.js';
import type { AuthService } from './auth.service.js';
import type { LoginThrottle } from './login-throttle.js';
import { presentUser } from './user.presenter.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

export function authRoutes(auth: AuthService, throttle: LoginThrottle, bus: RealtimeBus): Router {
  // One passport instance per app (not the module singleton), so several apps can live in one process (tests).
  const passport = new koaPassport.KoaPassport();
  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: false }, (email, password, done) => {
      auth.verifyCredentials(email, password).then((user) => done(null, user ?? false), done);
    }),
  );
  const verify = (ctx: Context) =>
    new Promise<UserEntity | false>((resolve, reject) => {
      void passport.authenticate('local', { session: false }, (err: unknown, user: UserEntity | false) =>
        err ? reject(err) : resolve(user),
      )(ctx, async () => {});
    });

  const router = new Router({ prefix: '/api' });

  router.post('/auth/register', sessionOnly, validate('body', registerInputSchema), async (ctx) => {
    const user = await auth.register(ctx.state.body);
    await beginSession(ctx, { userId: user.id, credentialsVersion: user.credentialsVersion });
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  router.post('/auth/login', sessionOnly, validate('body', loginInputSchema), async (ctx) => {
    const input: LoginInput = ctx.state.body;
    await throttle.reserveAttempt(input.email, ctx.ip);
    ctx.request.body = input;
    const user = await verify(ctx);
    if (!user) {
      await throttle.recordFailure(ctx.ip);
      throw new AppError('unauthorized', INVALID_CREDENTIALS);
    }
    await throttle.clear(input.email);
    await beginSession(ctx, { userId: user.id, credentialsVersion: user.credentialsVersion });
    ctx.body = presentUser(user);
  });

  router.post('/auth/logout', sessionOnly, async (ctx) => {
    endSession(ctx, bus);
    ctx.status = 204;
  });

  // Who is signed in: the user, or JSON null when nobody is. Being signed out is an answer, not an error: a 401
  // here put a red line in the console of every signed-out page (PRODUCT-SPEC §7 only asks that the auth read
  // yield no value when nobody is signed in; the web still reads a 401 as null). A database outage stays a 503.
  router.get('/auth/user', sessionOnly, async (ctx) => {
    if (ctx.state.user) {
      ctx.body = presentUser(ctx.state.user);
    } else {
      ctx.type = 'application/json';
      ctx.body = 'null';
    }
  });

  router.put('/auth/user', sessionOnly, requireAuth, validate('body', profileInputSchema), async (ctx) => {
    const user = currentUser(ctx.state);
    const input: ProfileInput = ctx.state.body;
    if (changesEmail(user.email, input.email)) await confirmPassword(ctx, user, input.currentPassword);
    ctx.body = presentUser(await auth.updateProfile(user.id, input));
  });

  /** The current password, checked under the sign-in throttles: this is a place to guess it too. */
  async function confirmPassword(ctx: Context, user: UserEntity, password: string | undefined): Promise<void> {
    const issues = (message: string) => ({ issues: [{ path: 'currentPassword', message }] });
    if (!password) throw new AppError('validation_failed', CURRENT_PASSWORD_REQUIRED, issues(CURRENT_PASSWORD_REQUIRED));
    await throttle.reserveAttempt(user.email, ctx.ip);
    if (!(await auth.verifyCredentials(user.email, password))) {
      await throttle.recordFailure(ctx.ip);
      throw new AppError('forbidden', CURRENT_PASSWORD_WRONG, issues(CURRENT_PASSWORD_WRONG));
    }
    await throttle.clear(user.email);
  }

  // Browser navigations of PRODUCT-SPEC §2: sign in happens on our own /auth page.
  router.get('/login', (ctx) => ctx.redirect('/auth'));
  router.get('/logout', (ctx) => {
    endSession(ctx, bus);
    ctx.redirect('/');
  });

  return router;
}
