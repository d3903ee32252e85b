import Router from '@koa/router';
import { loginInputSchema, profileInputSchema, registerInputSchema, type LoginInput } from '@planline/domain';
import type { UserEntity } from '@planline/db';
import type { Context } from 'koa';
import koaPassport from 'koa-passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { AppError } from '../../errors.js';
import { currentUser, requireAuth } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { beginSession, endSession } from '../../http/session.js';
import type { AuthService } from './auth.service.js';
import type { LoginThrottle } from './login-throttle.js';
import { presentUser } from './user.presenter.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

export function authRoutes(auth: AuthService, throttle: LoginThrottle): Router {
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

  router.post('/auth/register', validate('body', registerInputSchema), async (ctx) => {
    const user = await auth.register(ctx.state.body);
    await beginSession(ctx, { userId: user.id, credentialsVersion: user.credentialsVersion });
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  router.post('/auth/login', validate('body', loginInputSchema), async (ctx) => {
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

  router.post('/auth/logout', async (ctx) => {
    endSession(ctx);
    ctx.status = 204;
  });

  router.get('/auth/user', requireAuth, async (ctx) => {
    ctx.body = presentUser(currentUser(ctx.state));
  });

  router.put('/auth/user', requireAuth, validate('body', profileInputSchema), async (ctx) => {
    ctx.body = presentUser(await auth.updateProfile(currentUser(ctx.state).id, ctx.state.body));
  });

  // Browser navigations of PRODUCT-SPEC §2: sign in happens on our own /auth page.
  router.get('/login', (ctx) => ctx.redirect('/auth'));
  router.get('/logout', (ctx) => {
    endSession(ctx);
    ctx.redirect('/');
  });

  return router;
}
