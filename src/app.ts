/**
 * buildApp(deps): the Fastify instance with every route. It never listens: main.ts does, tests use
 * app.inject or listen on port 0.
 */
import swagger from '@fastify/swagger';
import { registerDocsUi } from './http/docs-ui.js';
import { withSharedComponents } from './http/openapi-components.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './foundations/config.js';
import { createAuthenticator, credentialFrom } from './http/auth.js';
import { ApiError, toApiError } from './domain/errors.js';
import type { Principal } from './domain/principal.js';
import { httpStatus } from './http/errors.js';
import { fromFrameworkError } from './contract/validation-errors.js';
import { dropNullMembers } from './http/nulls.js';
import { bodyAbandoned } from './http/body-stream.js';
import { guardedSteps } from './http/hook-boundary.js';
import { MAX_PARAM_LENGTH, onClientError, onFrameworkError } from './http/framework-errors.js';
import { requestExamples } from './contract/examples.js';
import { CURRENT_API_VERSION } from './contract/versions.js';
import type { App } from './http/types.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerPermissions } from './http/permissions.js';
import { tenantStatusStep } from './http/tenant-status.js';
import { createSessionAuthenticator, sessionToken } from './http/session.js';
import { registerIgnoredMembers } from './http/ignored-members.js';
import { collectAllowedMethods } from './http/allowed-methods.js';
import { registerJsonParser } from './http/json-parser.js';
import { createRequestLimits } from './http/request-limits.js';
import { checkBody } from './http/body-checks.js';
import { lazySerializers, lazyValidatorCompiler } from './http/lazy-compile.js';
import { registerMetrics, requestObserver } from './http/metrics.js';
import { lazyRequestLogger, RequestLog } from './http/request-log.js';
import { securityHeaders } from './http/security-headers.js';
import { registerApiVersion } from './http/api-version.js';
import { registerTracing } from './http/tracing.js';
import { registerRoutes } from './http/routes/index.js';
import { createServices, type ServiceDeps, type Services } from './services/index.js';
import type { Tracing } from './foundations/tracing.js';
import { newRequestId } from './foundations/request-id.js';

export interface AppDeps extends ServiceDeps {
  config: Config;
  logger: Logger;
  /** Services shared with the background work; made from the deps when absent. */
  services?: Services;
  /** A server span per request; absent when tracing is off, and then no hook is added. */
  tracing?: Tracing;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestDeadline(ms: number) {
  return {
    requestTimeout: ms,
    headersTimeout: Math.min(60_000, ms),
    connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(ms / 10))),
  };
}

function dropNulls(req: FastifyRequest): void {
  // A route whose parser dropped them as it read (a batch) is not walked again: 10,000 shipments
  // walked at once held the event loop for some 70 ms.
  const { config } = req.routeOptions;
  if (!config.checkedBody) dropNullMembers(req.body, config.nullClears);
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: deps.config.bodyLimit,
    // A caller's request id is kept when it is safe to log; otherwise we make one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : newRequestId();
    },
    logController: new RequestLog(deps.logger, deps.metrics && requestObserver(deps.metrics)),
    childLoggerFactory: lazyRequestLogger,
    // Requests arriving while the instance drains get a 503 in the error shape (onRequest below).
    return503OnClosing: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
    forceCloseConnections: 'idle',
    // The whole request, headers and body, within this; later, 400 and the connection closed
    // (framework-errors.ts). Given to Node's server as it is made too: only then does it check its
    // connections, a few times within the deadline (at most every 30 s, as it does by default).
    requestTimeout: deps.config.bodyRead.timeoutMs,
    http: requestDeadline(deps.config.bodyRead.timeoutMs),
    schemaController: { compilersFactory: lazySerializers },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.setValidatorCompiler(lazyValidatorCompiler);
  // JSON only: the default text/plain parser would let a wrong content type reach validation.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);

  const services = deps.services ?? createServices(deps);
  const auth = createAuthenticator({
    keys: services.identity.keyAuth,
    clock: deps.clock,
    jwtSecret: deps.config.jwtSecret,
    jwtPublicKey: deps.config.jwtPublicKey,
    jwtMaxLifetimeSec: deps.config.jwtMaxLifetimeSec,
    ...(deps.config.jwtAudience ? { jwtAudience: deps.config.jwtAudience } : {}),
    ...(deps.config.jwtIssuer ? { jwtIssuer: deps.config.jwtIssuer } : {}),
  });

  // Limits shared by every instance when they share their database (services/kernel/shared-buckets.ts).
  const shared = services.sharedBuckets ? { shared: services.sharedBuckets } : {};
  const limits = createRequestLimits({ ratePerSec: deps.config.rateLimit, clock: deps.clock, ...shared });

  const sessions = createSessionAuthenticator(services.identity, deps.config);

  app.decorateRequest('tenant', '');
  app.decorateRequest('principal', null);
  app.decorateRequest('session', null);
  // First: the span covers the hooks after it (authentication, the closing check).
  if (deps.tracing) registerTracing(app, deps.tracing);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // The steps before the route, in order, as one hook (hook-boundary.ts says why): the security
  // headers; the version, before authentication, so that an unknown one is refused whoever asks and
  // every answer names one; the request id and who is asking; right after authentication, whether
  // the tenant is let in at all (a suspended tenant is let in nowhere), then what the principal may
  // do on this route. A key verified seconds ago is answered without a promise. Whatever a step
  // throws or rejects with is answered in the error shape.
  const apiVersion = registerApiVersion(app);
  const permission = registerPermissions(app);
  app.addHook(
    'onRequest',
    guardedSteps(securityHeaders, apiVersion, authenticate, tenantStatusStep(services.tenantStatus), permission),
  );
  function authenticate(req: FastifyRequest, reply: FastifyReply): void | Promise<void> {
    reply.header('x-request-id', req.id);
    if (closing) {
      reply.header('connection', 'close');
      throw new ApiError(
        'service_unavailable',
        'This instance is shutting down; send the request again (another instance will answer it)',
        'closing',
      );
    }
    // Read once: Fastify makes a new object of a dozen members at every read of routeOptions.
    const route = req.routeOptions;
    // Unknown routes fall through to the 404 handler; the docs need no key.
    if (!route.url || req.url.startsWith('/docs')) return;
    // Public routes need no key, and a signed link stands in for one (the route verifies it,
    // services/signed-links.ts): what carries a link is limited per link.
    if (
      route.config.public ||
      (route.config.signedLink && (req.query as Record<string, unknown>).signature !== undefined)
    )
      return limits.link(req);
    const principal = auth.cached(req.headers);
    if (principal !== undefined) return admit(req, principal);
    // The console's cookie, when the request carries no key or token (those win: API clients are unchanged).
    const token = credentialFrom(req.headers) === undefined ? sessionToken(req.headers.cookie) : undefined;
    return (token !== undefined ? sessions(req, reply, token) : auth.authenticate(req.headers)).then(
      (t) => admit(req, t),
      (err: unknown) => {
        // The address's bucket answers 429 once it is empty; until then the refusal itself.
        const checked =
          err instanceof ApiError && (err.code === 'wrong_api_key' || err.code === 'session_expired')
            ? limits.refused(req)
            : undefined;
        if (!checked) throw err;
        return checked.then(() => {
          throw err;
        });
      },
    );
  }
  function admit(req: FastifyRequest, principal: Principal): void | Promise<void> {
    req.tenant = principal.tenant;
    req.principal = principal;
    return limits.admit(
      req,
      req.session ? `session ${req.session.sessionId}` : (credentialFrom(req.headers) ?? principal.tenant),
    );
  }

  // Before validation, as one hook: the body's depth and characters, its null members dropped, then
  // the Idempotency-Key claimed (or its answer replayed) on the body as the client sent it.
  app.addHook('preValidation', guardedSteps(checkBody, dropNulls, registerIdempotency(app, services.idempotency)));

  app.setErrorHandler((err, req, reply) => {
    const apiErr = fromFrameworkError(err as Parameters<typeof fromFrameworkError>[0]) ?? toApiError(err);
    const status = httpStatus(apiErr);
    if (status >= 500 && !(err instanceof ApiError)) req.log.error({ err }, 'unexpected failure');
    else req.log.info({ code: apiErr.code, status }, apiErr.message);
    if (apiErr.retryAfter !== undefined) reply.header('retry-after', String(Math.ceil(apiErr.retryAfter)));
    // A body that went past its limit or stalled is not read further: nothing else can follow it.
    if (bodyAbandoned(req.raw)) reply.header('connection', 'close');
    return reply.status(status).send(apiErr.toBody());
  });
  const allowedMethods = collectAllowedMethods(app);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    // HEAD comes with every GET route; saying it would only add noise.
    const allowed = allowedMethods(path).filter((m) => m !== 'HEAD');
    // A route of this very method that found nothing (a missing static file) is a plain 404.
    const otherMethods = allowed.length > 0 && !allowed.includes(req.method);
    const err = otherMethods
      ? new ApiError(
          'method_not_allowed',
          `${req.method} ${path} is not an operation; ${path} answers ${allowed.join(', ')}`,
          'see GET /openapi.json',
        )
      : new ApiError('not_found', `No route ${req.method} ${path}`, 'see GET /openapi.json');
    if (otherMethods) reply.header('allow', allowed.join(', '));
    return reply.status(httpStatus(err)).send(err.toBody());
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Waybill',
        version: '0.1.0',
        description: `One JSON interface over many shipping carriers. API version ${CURRENT_API_VERSION}: name it in the Waybill-Version request header to keep its behaviour when a later version changes something; every answer carries the version it was written in (README "API versions").`,
      },
      components: {
        securitySchemes: {
          zkkey: { type: 'apiKey', in: 'header', name: 'zkkey' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ zkkey: [] }, { bearer: [] }],
    },
    transformObject: (doc) => withSharedComponents('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
  });
  registerDocsUi(app);

  if (deps.metrics) registerMetrics(app, deps.metrics);
  registerIgnoredMembers(app);
  registerRoutes(app, {
    services,
    config: deps.config,
    examples: requestExamples(deps.clock.now()),
    limits,
    forgetKeys: auth.forgetKeys,
  });
  return app;
}
