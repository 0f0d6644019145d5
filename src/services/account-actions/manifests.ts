/** POST /manifest: the end-of-day close-out. */
import type { Static } from 'typebox';
import type { Log } from '../../foundations/logger.js';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type { ManifestBody } from '../../contract/operations.js';
import type { Address } from '../../domain/types.js';
import type { Db } from '../../storage/database.js';
import { newId } from '../../storage/ids.js';
import {
  markManifested,
  shipmentsByTracking,
  unmanifestedShipments,
  type ManifestCandidate,
} from '../../storage/repositories/manifest-shipments.js';
import type { CarrierCalls, Ownership } from '../kernel/index.js';
import { checkHorizon, DATE_HORIZON_DAYS } from '../kernel/index.js';

type ManifestInput = Static<typeof ManifestBody>['manifest'];

export function createManifestService(deps: { db: Db; calls: CarrierCalls; clock: Clock; ownership: Ownership }) {
  async function manifest(tenant: string, input: ManifestInput, log: Log) {
    const now = deps.clock.now();
    checkHorizon(input.ship_date, now, DATE_HORIZON_DAYS.ship, 'manifest.ship_date');
    const { account, adapter, call, run } = await deps.calls.prepare<'manifest'>(tenant, input, 'manifest', log);
    const shipDate = input.ship_date ?? now.toISOString().slice(0, 10);
    const named = input.tracking_numbers ?? [];
    const form = adapter.declaration.manifest ?? {};
    // The labels this form takes, as stored: the ones named, else the day's not yet on a form.
    const onForm =
      named.length > 0
        ? await shipmentsByTracking(deps.db, tenant, account.id, named)
        : await unmanifestedShipments(deps.db, tenant, account.id, shipDate);
    let trackingNumbers = named;
    if (named.length === 0 && form.listsLabels) {
      trackingNumbers = onForm.flatMap((s) => s.trackingNumbers);
      if (trackingNumbers.length === 0) {
        throw new ApiError(
          'schema_field_required',
          `no labels of shipping account ${account.id} for ${shipDate} are waiting for an end-of-day form; name them in tracking_numbers`,
          'manifest.tracking_numbers',
        );
      }
    }
    // Only numbers this tenant booked here go on a form (and shared test credentials must name them).
    await deps.ownership.manifestNumbers(tenant, account, trackingNumbers);
    const address = account.billing_address ?? (form.needsOrigin ? sharedSender(onForm, account.id) : undefined);
    const result = await run(call, {
      tracking_numbers: trackingNumbers,
      ship_date: shipDate,
      ...(address ? { address } : {}),
    });
    const id = result.carrier_manifest_id ?? newId('mf');
    const formed = new Set(result.tracking_numbers);
    // Named numbers, or the carrier's own choice of the day's labels (none listed back): all of them.
    const taken =
      result.tracking_numbers.length === 0
        ? onForm
        : onForm.filter((s) => s.trackingNumbers.some((n) => formed.has(n)));
    await markManifested(
      deps.db,
      tenant,
      taken.map((s) => s.id),
      id,
    );
    return {
      manifest: {
        id,
        carrier: account.carrier,
        tracking_numbers: result.tracking_numbers,
        document: Buffer.from(result.document).toString('base64'),
        created: now.toISOString(),
      },
    };
  }

  return { manifest };
}

/** What makes two senders one origin: where the mail is handed over, not who sends it. */
function originKey(a: Address): string {
  return [a.street1, a.street2, a.city, a.state, (a.postal_code ?? '').slice(0, 5), a.country]
    .map((v) => (v ?? '').trim().toUpperCase())
    .join('|');
}

/**
 * The origin of a form for an account without billing_address: the sender every label on it shares.
 * Labels with different senders cannot share one form: a 400 that says so. None stored: undefined,
 * and the carrier says what it misses.
 */
function sharedSender(onForm: ManifestCandidate[], accountId: string): Address | undefined {
  const senders = onForm.flatMap((s) => (s.sender ? [s.sender] : []));
  const first = senders[0];
  if (!first) return undefined;
  const distinct = new Set(senders.map(originKey));
  if (distinct.size > 1) {
    throw new ApiError(
      'schema_validation_error',
      `the labels for this form were sent from ${distinct.size} different sender addresses; one end-of-day form has one origin: set the billing_address of shipping account ${accountId} or name the labels of one sender in tracking_numbers`,
      'manifest.tracking_numbers',
    );
  }
  return first;
}
