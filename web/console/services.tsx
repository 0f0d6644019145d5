/**
 * Services by the names GET /meta/carriers gives them (`service_details`: the carrier's words, or
 * the words of the code, sorted), never derived here: a select lists a carrier's services under
 * its name, and lists and detail pages name a shipment's service the same way.
 */
import { useId } from 'preact/hooks';
import { codeName } from './names';
import type { CarrierMeta } from './types';
import { useApi } from './ui';

/** A service's name, from its carrier's catalog; the code's words until the catalog has loaded. */
export function serviceName(carriers: readonly CarrierMeta[] | undefined, carrier: string, code: string): string {
  return (
    carriers?.find((c) => c.slug === carrier)?.service_details?.find((s) => s.slug === code)?.name ??
    codeName(code, carrier)
  );
}

/** serviceName over GET /meta/carriers, asked once for the page. */
export function useServiceNames(): (carrier: string, code: string) => string {
  const carriers = useApi('listCarriers').data?.carriers;
  return (carrier, code) => serviceName(carriers, carrier, code);
}

/** A carrier's services as [code, name], sorted by name as the service sorts them. */
export function serviceOptions(meta: CarrierMeta): [string, string][] {
  return (
    meta.service_details?.map((s) => [s.slug, s.name] as const) ??
    meta.services.map((s) => [s, codeName(s, meta.slug)] as const)
  );
}

interface Props {
  label: string;
  value: string;
  onValue: (v: string) => void;
  /** The carriers whose services are offered, each a group under its name. */
  carriers: readonly CarrierMeta[];
  blank?: string;
  required?: boolean;
}

/** A service select: each carrier's services under the carrier's name, sorted by name. */
export function ServiceSelect({ label, value, onValue, carriers, blank, required }: Props) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        required={required}
        onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}
      >
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {[...carriers]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((c) => (
            <optgroup key={c.slug} label={c.name}>
              {serviceOptions(c).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
    </div>
  );
}
