/**
 * The merchant's branding (name, accent colour, logo) for the pages its customers open, set with
 * its key; and the logo itself, public, under a name that is a hash of its bytes.
 */
import { BrandingAnswer, BrandingBody, LogoBody, LogoBytes, LogoFileParam } from '../../contract/branding.js';
import { linkBase } from '../base-url.js';
import { errorResponses, ok, withExamples } from '../openapi.js';
import type { App, RouteContext } from '../types.js';

const tags = ['branding'];
const answer = ok('The branding: members not set are absent', BrandingAnswer);
/** A logo's URL names its bytes: they never change under it, so anyone may keep them. */
const FOREVER = 'public, max-age=31536000, immutable';

export function registerBrandingRoutes(app: App, { services, config, examples }: RouteContext): void {
  const base = linkBase(app, config);
  const { branding } = services;

  app.get(
    '/branding',
    {
      config: { permission: 'data.read' },
      schema: {
        operationId: 'getBranding',
        tags,
        summary: 'The name, accent colour and logo the tracking page and returns portal show',
        response: { 200: answer, ...errorResponses },
      },
    },
    async (req) => ({ branding: await branding.get(req.tenant, base()) }),
  );

  app.put(
    '/branding',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'setBranding',
        tags,
        summary: 'Set the display name and accent colour (both replaced; the logo stays)',
        body: withExamples(BrandingBody, examples.setBranding),
        response: { 200: answer, ...errorResponses },
      },
    },
    async (req) => ({ branding: await branding.setText(req.tenant, req.body.branding, base()) }),
  );

  app.put(
    '/branding/logo',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'setBrandingLogo',
        tags,
        summary: 'Set the logo: a PNG or JPEG as a data URL, stored as a PNG the service writes',
        body: withExamples(LogoBody, examples.setBrandingLogo),
        response: { 200: answer, ...errorResponses },
      },
    },
    async (req) => ({ branding: await branding.setLogo(req.tenant, req.body.logo, base()) }),
  );

  app.delete(
    '/branding/logo',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        operationId: 'deleteBrandingLogo',
        tags,
        summary: 'Remove the logo',
        response: { 200: answer, ...errorResponses },
      },
    },
    async (req) => ({ branding: await branding.removeLogo(req.tenant, base()) }),
  );

  app.get(
    '/public/logos/:file',
    {
      config: { public: true },
      schema: {
        operationId: 'getMerchantLogo',
        tags: ['public'],
        summary: 'A merchant’s logo (PNG), as logo_url names it; cached for good',
        security: [],
        params: LogoFileParam,
        response: { 200: LogoBytes, ...errorResponses },
      },
    },
    async (req, reply) => {
      const png = await branding.logo(req.params.file);
      // The bytes alone: nothing in them may run, whatever a browser makes of them.
      return reply
        .type('image/png')
        .header('cache-control', FOREVER)
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(png));
    },
  );
}
