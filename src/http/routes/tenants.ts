/** Platforms: their merchant tenants (/tenants) and usage (GET /usage). */
import { Type } from 'typebox';
import { SuccessMessage } from '../../contract/operations.js';
import {
  CreatedTenant,
  CreateTenantBody,
  TenantList,
  TenantResponse,
  UsageList,
  UsageQuery,
} from '../../contract/tenants.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import { actedBy } from '../audit-context.js';
import { linkBase } from '../base-url.js';
import type { App, RouteContext } from '../types.js';

const tags = ['platforms'];
const Merchant = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export function registerTenantRoutes(app: App, { services, config, examples }: RouteContext): void {
  const { tenants } = services;
  const base = linkBase(app, config);
  const manage = { permission: 'tenants.manage' } as const;

  app.post(
    '/tenants',
    {
      // The answer carries the merchant's key and its owner's invitation link: a stored replay of it is sealed.
      config: { ...manage, secretAnswer: true },
      schema: {
        operationId: 'createTenant',
        tags,
        summary: 'Create a merchant: its first key and its owner’s invitation',
        body: withExamples(CreateTenantBody, examples.createTenant),
        response: { 200: ok('The merchant', CreatedTenant), ...errorResponses },
      },
    },
    async (req) => tenants.create(actedBy(req), req.body.tenant, base()),
  );

  app.get(
    '/tenants',
    {
      config: { permission: 'tenants.read' },
      schema: {
        operationId: 'listTenants',
        tags,
        summary: 'The platform’s merchants',
        response: { 200: ok('Oldest first', TenantList), ...errorResponses },
      },
    },
    async (req) => ({ tenants: await tenants.list(req.tenant) }),
  );

  app.get(
    '/tenants/:id',
    {
      config: { permission: 'tenants.read' },
      schema: {
        operationId: 'getTenant',
        tags,
        summary: 'A merchant',
        params: Merchant,
        response: { 200: ok('The merchant', TenantResponse), ...errorResponses },
      },
    },
    async (req) => ({ tenant: await tenants.read(req.tenant, req.params.id) }),
  );

  app.post(
    '/tenants/:id/suspend',
    {
      config: manage,
      schema: {
        operationId: 'suspendTenant',
        tags,
        summary: 'Suspend a merchant',
        params: Merchant,
        response: { 200: ok('The merchant', TenantResponse), ...errorResponses },
      },
    },
    async (req) => {
      await tenants.suspend(actedBy(req), req.params.id);
      return { tenant: await tenants.read(req.tenant, req.params.id) };
    },
  );

  app.post(
    '/tenants/:id/reactivate',
    {
      config: manage,
      schema: {
        operationId: 'reactivateTenant',
        tags,
        summary: 'Reactivate a merchant',
        params: Merchant,
        response: { 200: ok('The merchant', TenantResponse), ...errorResponses },
      },
    },
    async (req) => {
      await tenants.reactivate(actedBy(req), req.params.id);
      return { tenant: await tenants.read(req.tenant, req.params.id) };
    },
  );

  app.delete(
    '/tenants/:id',
    {
      config: manage,
      schema: {
        operationId: 'deleteTenant',
        tags,
        summary: 'Delete a merchant',
        params: Merchant,
        response: { 200: ok('Deleted', SuccessMessage), ...errorResponses },
      },
    },
    async (req) => {
      await tenants.remove(actedBy(req), req.params.id);
      return { success: { message: `tenant ${req.params.id} deleted` } };
    },
  );

  app.get(
    '/usage',
    {
      config: { permission: 'usage.read' },
      schema: {
        operationId: 'getUsage',
        tags,
        summary: 'Usage: yours, a platform’s merchants’',
        querystring: UsageQuery,
        response: { 200: ok('Newest month first', UsageList), ...errorResponses },
      },
    },
    async (req) => ({ usage: await tenants.usage(req.tenant, req.query) }),
  );
}
