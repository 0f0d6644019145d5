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
import { clearSessionCookie, setSessionCookie } from '../session.js';
import type { App, RouteContext } from '../types.js';

const tags = ['users'];
const publicRoute = { public: true } as const;
const noSession = () => new ApiError('not_found', 'no session: this request was made with an API key or token, which sign-out does not end (DELETE /keys/{id} revokes a key)', 'session');

export function registerSessionRoutes(app: App, { services, config, examples, limits }: RouteContext): void {
  const { identity } = services;

  app.get(
    '/session/methods',
    { config: publicRoute, schema: { operationId: 'getSignInMethods', tags, summary: 'How people sign in to the console here: password, and single sign-on when the operator configured it', security: [], response: { 200: ok('The sign-in methods', SignInMethods), ...errorResponses } } },
    async () => ({ password: true, sso: false }),
  );

  app.post(
    '/session',
    {
      config: publicRoute,
      schema: {
        operationId: 'signIn',
        tags,
        summary: 'Sign in with e-mail and password: sets the session cookie (HttpOnly, SameSite=Strict); attempts are throttled per address and per account',
        security: [],
        body: withExamples(SignInBody, examples.signIn),
        response: { 200: ok('Who is signed in, with the CSRF token to send as X-CSRF-Token', MeResponse), ...errorResponses },
      },
    },
    async (req, reply) => {
      const { email, password } = req.body.session;
      await limits.signIn(req, email);
      const started = await identity.sessions.signIn(email, password);
      setSessionCookie(reply, req, config, started);
      return { me: started.me };
    },
  );

  app.post(
    '/invitations/accept',
    {
      config: publicRoute,
      schema: {
        operationId: 'acceptInvitation',
        tags,
        summary: 'Accept an invitation: choose a password and sign in (the link works once, until it expires)',
        security: [],
        body: withExamples(AcceptInvitationBody, examples.acceptInvitation),
        response: { 200: ok('The new user, signed in, with the CSRF token to send as X-CSRF-Token', MeResponse), ...errorResponses, 410: errorResponse(410) },
      },
    },
    async (req, reply) => {
      const started = await identity.invitations.accept(req.body.invitation);
      setSessionCookie(reply, req, config, started);
      return { me: started.me };
    },
  );

  app.get(
    '/me',
    { config: { permission: 'me' }, schema: { operationId: 'getMe', tags, summary: 'Who the request acts as: tenant, user or key, role or scope, permissions; for a session also its CSRF token and expiry', response: { 200: ok('Who the request acts as', MeResponse), ...errorResponses } } },
    async (req) => ({ me: req.session?.me ?? identity.describe(req.principal!) }),
  );

  app.delete(
    '/session',
    { config: { permission: 'me' }, schema: { operationId: 'signOut', tags, summary: 'Sign out: ends this session and clears its cookie', response: { 200: ok('Signed out', SuccessMessage), ...errorResponses } } },
    async (req, reply) => {
      if (!req.session) throw noSession();
      await identity.sessions.signOut(req.session.sessionId);
      clearSessionCookie(reply, req, config);
      return { success: { message: 'signed out' } };
    },
  );

  app.delete(
    '/sessions',
    { config: { permission: 'me' }, schema: { operationId: 'signOutEverywhere', tags, summary: 'Sign out everywhere: ends every session of the signed-in user, this one included', response: { 200: ok('How many sessions ended', Type.Object({ success: Type.Object({ message: Type.String(), ended: Type.Integer() }) })), ...errorResponses } } },
    async (req, reply) => {
      if (!req.session) throw noSession();
      const ended = await identity.sessions.signOutEverywhere(req.session.userId);
      clearSessionCookie(reply, req, config);
      return { success: { message: `signed out of ${ended} session${ended === 1 ? '' : 's'}`, ended } };
    },
  );
}
