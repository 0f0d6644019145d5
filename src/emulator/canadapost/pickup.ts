/**
 * Pickups: `GET /ad/pickup/pickupavailability/{postal}` answers like the recorded
 * `pickup-availability` (on-demand pickups until 16:00, except in the far north, X0 postal codes);
 * `POST /enab/{customer}/pickuprequest` takes an on-demand `pickup-request-details` for a working
 * day from today on (today only before the cut-off, Eastern time by the emulator clock) and answers
 * like the recorded `pickup-request-info`; `DELETE /enab/{customer}/pickuprequest/{id}` cancels it
 * (204).
 */
import type { FastifyInstance } from 'fastify';
import { buildXml } from '../../carriers/shared/xml.js';
import { localTime, utcOffsetMinutes } from '../calendar.js';
import type { CanadapostCtx } from './context.js';
import { CpcFailure } from './errors.js';
import { easternToday } from './rate.js';
import { postalCode, readRoot, required } from './request.js';

const PICKUP_TYPE = 'application/vnd.cpc.pickup+xml';
const PICKUPREQUEST_TYPE = 'application/vnd.cpc.pickuprequest+xml';
const PICKUPREQUEST_NS = 'http://www.canadapost.ca/ws/pickuprequest';
const LINK_HOST = 'https://ct.soa-gw.canadapost.ca';
const CUTOFF = '16:00';
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const xmlDocument = (root: string, body: object): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${buildXml(root, body)}`;
const refused = (code: string, description: string) => new CpcFailure(400, code, description);

export function registerPickupRoutes(app: FastifyInstance, ctx: CanadapostCtx): void {
  app.get('/ad/pickup/pickupavailability/:postal', ctx.tag('pickup_availability'), async (request, reply) => {
    const postal = postalCode(request, (request.params as { postal: string }).postal);
    reply.type(PICKUP_TYPE);
    return xmlDocument('pickup-availability', {
      '@_xmlns': 'http://www.canadapost.ca/ws/pickup/availability',
      'postal-code': `${postal.slice(0, 3)} ${postal.slice(3)}`,
      'on-demand-cutoff': CUTOFF,
      'on-demand-tour': String(!postal.startsWith('X0')),
      'prority-world-cutoff': '14:00',
      'scheduled-pickups-available': 'true',
    });
  });

  app.post('/enab/:customer/pickuprequest', ctx.tag('pickup'), async (request, reply) => {
    const { customer } = request.params as { customer: string };
    const root = readRoot(request, 'pickup-request-details');
    if (required(request, root, 'pickup-type') !== 'OnDemand')
      throw refused('7050', 'Only on-demand pickups are taken for an alternate address.');
    const postal = postalCode(request, required(request, root, 'pickup-location/alternate-address/postal-code'));
    if (postal.startsWith('X0')) throw refused('7051', `On-demand pickup is not available at postal code ${postal}.`);
    required(request, root, 'contact-info/email');
    required(request, root, 'contact-info/contact-phone');
    const at = 'pickup-times/on-demand-pickup-time';
    const date = required(request, root, `${at}/date`);
    const preferred = required(request, root, `${at}/preferred-time`);
    const closing = required(request, root, `${at}/closing-time`);
    if (!TIME.test(preferred) || !TIME.test(closing) || preferred >= closing)
      throw refused('7052', 'The preferred time must be before the closing time (HH:MM).');
    const now = ctx.clock.now();
    const today = easternToday(now);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(weekday) || date < today)
      throw refused('7053', `The pickup date ${date} is in the past.`);
    if (weekday === 0 || weekday === 6)
      throw refused('7054', `On-demand pickups are made Monday to Friday; ${date} is not a working day.`);
    if (date === today && localTime(now, utcOffsetMinutes('CA')).slice(0, 5) >= CUTOFF)
      throw refused('7055', `The cut-off for an on-demand pickup today is ${CUTOFF}.`);
    const id = ctx.state.nextPickupId();
    ctx.state.pickups.set(id, {
      id,
      customer,
      date,
      preferredTime: preferred,
      closingTime: closing,
      status: 'Active',
      requestedOn: today,
    });
    reply.type(PICKUPREQUEST_TYPE);
    return xmlDocument('pickup-request-info', {
      '@_xmlns': PICKUPREQUEST_NS,
      'pickup-request-header': {
        'request-id': id,
        'request-status': 'Active',
        'pickup-type': 'OnDemand',
        'request-date': today,
      },
      'pickup-request-price': { 'pre-tax-amount': '3.50', 'hst-amount': '0.46', 'due-amount': '3.96' },
      links: {
        link: [
          {
            '@_rel': 'self',
            '@_href': `${LINK_HOST}/enab/${customer}/pickuprequest/${id}`,
            '@_media-type': PICKUPREQUEST_TYPE,
          },
          {
            '@_rel': 'details',
            '@_href': `${LINK_HOST}/enab/${customer}/pickuprequest/${id}/details`,
            '@_media-type': PICKUPREQUEST_TYPE,
          },
        ],
      },
    });
  });

  app.delete('/enab/:customer/pickuprequest/:id', ctx.tag('pickup_cancel'), async (request, reply) => {
    const { customer, id } = request.params as { customer: string; id: string };
    const p = ctx.state.pickups.get(id);
    if (!p || p.customer !== customer) throw new CpcFailure(404, '7010', `The pickup request ${id} does not exist.`);
    if (p.status === 'Cancelled') throw refused('7011', `The pickup request ${id} is already cancelled.`);
    p.status = 'Cancelled';
    return reply.code(204).send();
  });
}
