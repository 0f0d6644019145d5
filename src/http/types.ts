import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from '../foundations/config.js';
import type { RequestLimits } from './request-limits.js';
import type { RequestExamples } from '../contract/examples.js';
import type { ApiVersion } from '../contract/versions.js';
import type { Services, SessionAuth } from '../services/index.js';
import type { Permission } from '../domain/permissions.js';
import type { Principal } from '../domain/principal.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What every route module receives. */
export interface RouteContext {
  services: Services;
  config: Config;
  /** Request bodies for the document's examples (contract/examples.ts). */
  examples: RequestExamples;
  /** Request-rate limits the routes take from themselves (sign-in attempts). */
  limits: RequestLimits;
  /** After a key was revoked or a user's rights changed: keys verified before are looked up again. */
  forgetKeys: () => void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant the API key or JWT belongs to; set by the auth hook. */
    tenant: string;
    /** Who the request acts as (the tenant, its key, token or user, and its permissions); null on public routes. */
    principal: Principal | null;
    /** The console session the request was made with (its cookie), else null. */
    session: SessionAuth | null;
    /** The API version the caller named in Waybill-Version, else the newest (api-version.ts). */
    apiVersion: ApiVersion;
  }
  interface FastifyContextConfig {
    /** Route answers without an API key. */
    public?: boolean;
    /**
     * What the principal must hold for the route (domain/permissions.ts), decided by
     * http/permissions.ts; every route that is not public declares one (test/openapi/permissions.test.ts).
     */
    permission?: Permission;
    /** Route answers without an API key when the query carries a link signature (the route checks it). */
    signedLink?: boolean;
    /** The answer carries a secret (credentials, a signing secret): its idempotent replay is stored sealed. */
    secretAnswer?: boolean;
    /** The route sends events again (redeliver, replay): throttled per tenant. */
    resend?: boolean;
    /** Members of the body (paths, `return_method.destination`) that a null clears: kept as null for the route (nulls.ts). */
    nullClears?: readonly string[];
    /** The route's parser made the body's checks and dropped its null members as it read it (body-checks.ts, nulls.ts): no second walk. */
    checkedBody?: boolean;
    /**
     * The answer starts a console session (its cookie): an Idempotency-Key is ignored, so that no
     * stored answer is ever replayed to another caller, and a retry simply signs in again.
     */
    startsSession?: boolean;
  }
}
