/**
 * The CSV upload's own fields: the file, and what its rows share, chosen once for the upload (the
 * service, packaging and label type of the account's carrier, and the units; a newly chosen account
 * suggests its defaults).
 */
import { labelTypeName, namedOptions } from '../names';
import { ServiceSelect } from '../services';
import type { Account, CarrierMeta, DimUnit, QueryParams, WeightUnit } from '../types';
import { Select } from '../ui';

/** The units the API takes: offering OZ or G would only be refused. */
const WEIGHT_UNITS: WeightUnit[] = ['LB', 'KG'];
const DIM_UNITS: DimUnit[] = ['IN', 'CM'];

/** What the rows share, as the query of POST /batches names it ('' for a value left to the account). */
export type Shared = Required<
  Pick<QueryParams<'createBatch'>, 'service' | 'packaging' | 'weight_units' | 'dim_units' | 'label_type'>
>;

/** The shared values a newly chosen account suggests: its defaults, else the common choices. */
export function suggested(a: Account | undefined, meta: CarrierMeta | undefined): Shared {
  const d = a?.defaults ?? {};
  const packaging =
    d.packaging_type ??
    (meta?.packaging_types.includes('your_packaging') ? 'your_packaging' : (meta?.packaging_types[0] ?? ''));
  return {
    service: d.service ?? '',
    packaging,
    weight_units: d.weight_units ?? a?.weight_units ?? 'LB',
    dim_units: d.dim_units ?? a?.dim_units ?? 'IN',
    label_type: d.label_type ?? '',
  };
}

export function SharedFields(props: {
  shared: Shared;
  onShared: (s: Shared) => void;
  meta: CarrierMeta | undefined;
  chosen: boolean;
}) {
  const { shared, meta } = props;
  const set =
    <K extends keyof Shared>(k: K) =>
    (v: Shared[K]) =>
      props.onShared({ ...shared, [k]: v });
  const pick = blankUntilChosen(props.chosen);
  return (
    <>
      <ServiceSelect
        label="Service"
        value={shared.service}
        onValue={set('service')}
        blank={pick('Choose a service')}
        required
        carriers={meta ? [meta] : []}
      />
      <Select
        label="Packaging"
        value={shared.packaging}
        onValue={set('packaging')}
        blank={pick('Choose a packaging')}
        required
        options={namedOptions(meta?.packaging_types ?? [], meta?.slug)}
      />
      <Select
        label="Label type"
        value={shared.label_type}
        onValue={set('label_type')}
        blank="Carrier default"
        options={[...(meta?.label_types ?? [])].sort().map((t) => [t, labelTypeName(t)] as const)}
      />
      <div class="units">
        <Select label="Weight unit" value={shared.weight_units} onValue={set('weight_units')} options={WEIGHT_UNITS} />
        <Select label="Size unit" value={shared.dim_units} onValue={set('dim_units')} options={DIM_UNITS} />
      </div>
    </>
  );
}

/** The empty choice of a select that lists the chosen account's catalog. */
function blankUntilChosen(chosen: boolean) {
  return (text: string) => (chosen ? text : 'Choose an account first');
}

export function CsvFileField({ onFile }: { onFile: (file: File | undefined) => void }) {
  return (
    <div class="field">
      <label for="csv-file">CSV file</label>
      <input
        id="csv-file"
        type="file"
        accept=".csv,text/csv"
        required
        onChange={(e) => onFile((e.currentTarget as HTMLInputElement).files?.[0])}
      />
    </div>
  );
}
