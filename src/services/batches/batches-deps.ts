/** What the batches' use cases are handed, once, by their face (batches.ts), and the lookup they share. */
import type { CarrierDeclaration, CarrierSlug } from '../../carriers/carrier.js';
import type { LabelWork } from '../../documents/index.js';
import type { Clock } from '../../foundations/clock.js';
import { ApiError } from '../../domain/errors.js';
import type { Db } from '../../storage/database.js';
import * as repo from '../../storage/repositories/batches.js';
import type { AccountsService } from '../accounts/index.js';
import type { createManifestService } from '../account-actions/index.js';

export interface BatchesDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  manifests: ReturnType<typeof createManifestService>;
  declarations: Record<CarrierSlug, CarrierDeclaration>;
  /** The label work threads: a print file's label that the PDF reader refused is copied there. */
  labels: Pick<LabelWork, 'copyPdfPages'>;
}

/** The tenant's batch; another tenant's is as unknown as a batch that never existed. */
export async function findBatch(db: Db, tenant: string, id: string): Promise<repo.BatchRow> {
  const b = await repo.getBatch(db, tenant, id);
  if (!b) throw new ApiError('not_found', `batch ${id} was not found`, id);
  return b;
}
