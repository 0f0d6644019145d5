/**
 * Who a request's changes are recorded as (services/audit/): its principal's tenant and actor, a
 * signed-in user's e-mail address, the caller's address and the request id. Routes hand this down to
 * the use cases; nothing below http/ reads a request.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditContext } from '../domain/audit.js';

export function actedBy(req: FastifyRequest): AuditContext {
  const principal = req.principal;
  if (!principal) throw new Error(`${req.method} ${req.routeOptions.url} records a change but has no principal`);
  const email = req.session?.me.user?.email;
  return {
    tenant: principal.tenant,
    actor: principal.actor,
    ...(email ? { email } : {}),
    ip: req.ip,
    requestId: req.id,
  };
}

/** A request made by nobody known yet (signing in): recorded in the tenant of the user it names. */
export function anonymous(req: FastifyRequest): Omit<AuditContext, 'tenant' | 'actor'> {
  return { ip: req.ip, requestId: req.id };
}
