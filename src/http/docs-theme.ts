/**
 * /docs as Waybill's: its name and mark in Swagger UI's top bar instead of the framework's logo,
 * its title and icon, and the bar's field for loading another document (which only confuses a
 * reader of this one) hidden. Everything is served by the service itself: the logo as a data URL
 * and the rest as files under /docs/theme/, which the docs' content security policy allows.
 */
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

/** The mark of the web pages' icon: a white W on the pages' blue. */
const MARK = `<rect width="32" height="32" rx="6" fill="#0b57d0"/><path d="M6 9l4 14 6-10 6 10 4-14" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>`;

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${MARK}</svg>`;

/** The mark, the name and what this is, for the dark top bar (drawn 40 px high). */
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 290 40" width="290" height="40">
<g transform="translate(0 4)">${MARK}</g>
<text x="42" y="28" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"><tspan font-size="22" font-weight="700" fill="#fff">Waybill</tspan><tspan dx="10" font-size="18" fill="#c9d7ee">API reference</tspan></text>
</svg>`;

const CSS = `
.swagger-ui .topbar { background: #10243e; padding: 8px 0; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .topbar a.link { max-width: none; min-width: 0; }
.swagger-ui .topbar a.link img { max-width: 100%; height: auto; }
/* The logo and the dark-mode switch on one line on a phone too. */
.swagger-ui .topbar .topbar-wrapper { flex-direction: row; flex-wrap: nowrap; align-items: center; }
.swagger-ui .info .title small.version-stamp { background: #0b57d0; }
`;

export const docsUi: FastifySwaggerUiOptions = {
  routePrefix: '/docs',
  logo: { type: 'image/svg+xml', content: Buffer.from(LOGO), href: '/docs', target: '_self' },
  theme: {
    title: 'Waybill API reference',
    favicon: [
      { filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(FAVICON) },
    ],
    css: [{ filename: 'waybill.css', content: CSS }],
  },
};
