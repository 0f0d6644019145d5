/**
 * Signing in to the console and out of it: POST /session (e-mail and password), POST
 * /invitations/accept (an invitation's link), DELETE /session and DELETE /sessions (everywhere),
 * GET /me (who the request acts as, and a session's CSRF token). The cookie is http/session.ts's.
 */
import { Type } from 'typebox';
import { AcceptInvitationBody, MeResponse, SignInBody, SignInMethods } from '../../contract/identity.js';
import { SuccessMessage } from '../../contract/operations.js';
import { ApiError } from '../../domain/errors.js';
import { errorResponse, errorResponses, ok, withExamples } from '../openapi.js';
import { linkBase } from '../base-url.js';
import { clearSessionCookie, cookieValue, setSessionCookie, SSO_COOKIE, ssoCookie } from '../session.js';
import { anonymous } from '../audit-context.js';
import type { App, RouteContext } from '../types.js';

const tags = ['users'];
const publicRoute = { public: true } as const;
const signsIn = { public: true, startsSession: true } as const;
const Redirect = (description: string) => ({ description, type: 'null' }) as const;
const noSso = () =>
  new ApiError('not_found', 'single sign-on is not configured here: the operator sets WAYBILL_OIDC_ISSUER', 'sso');
const noSession = () =>
  new ApiError(
    'not_found',
    'no session: this request was made with an API key or token, which sign-out does not end (DELETE /keys/{id} revokes a key)',
    'session',
  );

export function registerSessionRoutes(app: App, { services, config, examples, limits }: RouteContext): void {
  const { identity } = services;
  const base = linkBase(app, config);
  const redirectUrl = () => config.oidc?.redirectUrl ?? `${base()}/session/sso/callback`;

  app.get(
    '/session/methods',
    {
      config: publicRoute,
      schema: {
        operationId: 'getSignInMethods',
        tags,
        summary: 'How people sign in to the console here: password, and single sign-on when the operator configured it',
        security: [],
        response: { 200: ok('The sign-in methods', SignInMethods), ...errorResponses },
      },
    },
    async () => ({
      password: true,
      sso: identity.sso !== undefined,
      ...((await identity.firstOwnerNeeded()) ? { first_owner_needed: true } : {}),
    }),
  );

  app.get(
    '/session/sso',
    // Steps of a browser's navigation, not operations for programs: out of /openapi.json (README "Teams and platforms").
    {
      config: publicRoute,
      schema: {
        hide: true,
        summary:
          'Single sign-on, first step: to the OpenID provider (authorization code with PKCE), with the sign-on’s state in a short-lived cookie',
        response: { 302: Redirect('To the provider’s sign-in page'), ...errorResponses },
      },
    },
    async (req, reply) => {
      const sso = identity.sso;
      if (!sso) throw noSso();
      const { url, transaction } = await sso.begin(redirectUrl());
      ssoCookie(reply, req, config, transaction, sso.transactionMaxAgeSec);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/session/sso/callback',
    {
      config: publicRoute,
      schema: {
        hide: true,
        summary:
          'Single sign-on, second step: the provider sends the browser back here; a user with the provider’s e-mail address is signed in',
        querystring: Type.Object(
          {
            code: Type.Optional(Type.String({ maxLength: 2000 })),
            state: Type.Optional(Type.String({ maxLength: 2000 })),
            error: Type.Optional(Type.String({ maxLength: 2000 })),
          },
          { additionalProperties: true },
        ),
        response: {
          302: Redirect(
            'To the console, signed in; or to its sign-in page with ?sso=no-user (no user has the address) or ?sso=failed',
          ),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const sso = identity.sso;
      if (!sso) throw noSso();
      const callback = new URL(redirectUrl());
      callback.search = new URL(req.url, 'http://callback').search;
      ssoCookie(reply, req, config, undefined);
      let result: Awaited<ReturnType<typeof sso.finish>>;
      try {
        result = await sso.finish(callback, cookieValue(req.headers.cookie, SSO_COOKIE), anonymous(req));
      } catch (err) {
        req.log.warn({ err }, 'single sign-on failed');
        return reply.redirect('/console/?sso=failed', 302);
      }
      if ('refusal' in result) {
        req.log.info({ refusal: result.refusal }, `single sign-on refused: ${result.reason}`);
        return reply.redirect(`/console/?sso=${result.refusal}`, 302);
      }
      setSessionCookie(reply, req, config, result.started);
      return reply.redirect('/console/shipments', 302);
    },
  );

  app.post(
    '/session',
    {
      config: signsIn,
      schema: {
        operationId: 'signIn',
        tags,
        summary:
          'Sign in with e-mail and password: sets the session cookie (HttpOnly, SameSite=Strict); attempts are throttled per address and per account',
        security: [],
        body: withExamples(SignInBody, examples.signIn),
        response: {
          200: ok('Who is signed in, with the CSRF token to send as X-CSRF-Token', MeResponse),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      const { email, password } = req.body.session;
      await limits.signIn(req, email);
      const started = await identity.sessions.signIn(email, password, anonymous(req));
      setSessionCookie(reply, req, config, started);
      return { me: started.me };
    },
  );

  app.post(
    '/invitations/accept',
    {
      config: signsIn,
      schema: {
        operationId: 'acceptInvitation',
        tags,
        summary: 'Accept an invitation: choose a password and sign in (the link works once, until it expires)',
        security: [],
        body: withExamples(AcceptInvitationBody, examples.acceptInvitation),
        response: {
          200: ok('The new user, signed in, with the CSRF token to send as X-CSRF-Token', MeResponse),
          ...errorResponses,
          410: errorResponse(410),
        },
      },
    },
    async (req, reply) => {
      const started = await identity.invitations.accept(req.body.invitation, anonymous(req));
      setSessionCookie(reply, req, config, started);
      return { me: started.me };
    },
  );

  app.get(
    '/me',
    {
      config: { permission: 'me' },
      schema: {
        operationId: 'getMe',
        tags,
        summary:
          'Who the request acts as: tenant, user or key, role or scope, permissions; for a session also its CSRF token and expiry',
        response: { 200: ok('Who the request acts as', MeResponse), ...errorResponses },
      },
    },
    async (req) => ({ me: req.session?.me ?? identity.describe(req.principal!) }),
  );

  app.delete(
    '/session',
    {
      config: { permission: 'me' },
      schema: {
        operationId: 'signOut',
        tags,
        summary: 'Sign out: ends this session and clears its cookie',
        response: { 200: ok('Signed out', SuccessMessage), ...errorResponses },
      },
    },
    async (req, reply) => {
      if (!req.session) throw noSession();
      await identity.sessions.signOut(req.session.sessionId);
      clearSessionCookie(reply, req, config);
      return { success: { message: 'signed out' } };
    },
  );

  app.delete(
    '/sessions',
    {
      config: { permission: 'me' },
      schema: {
        operationId: 'signOutEverywhere',
        tags,
        summary: 'Sign out everywhere: ends every session of the signed-in user, this one included',
        response: {
          200: ok(
            'How many sessions ended',
            Type.Object({ success: Type.Object({ message: Type.String(), ended: Type.Integer() }) }),
          ),
          ...errorResponses,
        },
      },
    },
    async (req, reply) => {
      if (!req.session) throw noSession();
      const ended = await identity.sessions.signOutEverywhere(req.session.userId);
      clearSessionCookie(reply, req, config);
      return { success: { message: `signed out of ${ended} session${ended === 1 ? '' : 's'}`, ended } };
    },
  );
}
