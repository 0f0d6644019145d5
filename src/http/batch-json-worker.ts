/**
 * The thread a large batch body is read on (batch-json-thread.ts, body-thread-port.ts): each
 * shipment goes back as its text (a string, or `{ value }` for an element that is no object) in
 * groups, and the rest of the body, each shipment a placeholder, at the end. The parsed objects live
 * and die on this thread's heap.
 */
import { serveBody } from '../foundations/body-thread-port.js';
import { canonicalJson } from '../foundations/canonical-json.js';
import { ApiError } from '../domain/errors.js';
import { readBatchJson } from './batch-json.js';

/** A group of shipments. `restart`: a later `shipments` member replaced the one sent so far. */
export interface Part {
  shipments: (string | { value: unknown })[];
  restart?: true;
}
/** The body, each shipment a placeholder. */
export type Done = unknown;

/** Shipments sent back at a time: a message of some hundreds of kilobytes. */
const GROUP = 100;
/** Characters sent back at a time at most, however few the shipments: what the thread holds stays small. */
const GROUP_CHARS = 1024 * 1024;

serveBody<Part, Done>(
  async (pieces, send) => {
    let group: Part['shipments'] = [];
    let chars = 0;
    let current: unknown[] | undefined;
    let restart = false;
    const flush = () => {
      if (group.length === 0 && !restart) return;
      send({ shipments: group, ...(restart ? { restart: true as const } : {}) });
      group = [];
      chars = 0;
      restart = false;
    };
    const root = await readBatchJson(pieces, (element, shipments) => {
      // A second `shipments` member replaces the first, as with JSON.parse: what was sent is dropped.
      if (current !== undefined && shipments !== current) {
        group = [];
        chars = 0;
        restart = true;
      }
      current = shipments;
      const text = element !== null && typeof element === 'object' ? canonicalJson(element) : { value: element };
      group.push(text);
      chars += typeof text === 'string' ? text.length : typeof element === 'string' ? element.length : 0;
      if (group.length >= GROUP || chars >= GROUP_CHARS) flush();
      return 0;
    });
    flush();
    return root;
  },
  (err) =>
    (err instanceof ApiError ? err : new ApiError('schema_validation_error', 'Body is not valid JSON', 'body')).toBody()
      .error,
);
