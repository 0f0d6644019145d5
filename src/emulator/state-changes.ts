/**
 * What of a carrier state's remembered parts (its Maps and lists) may have changed since it was last
 * written (persistence.ts's journal). The carriers change what they store in place as well (a
 * shipment's `cancelledAt` set on the object a Map lookup returned, a list found by reference pushed
 * to), so a change is not only a `set`: every value a part hands out counts as changed, since whoever
 * holds it may change it. A Map counts the key of each `get`, `set` and `delete`, and the whole Map
 * when it is iterated or cleared; a list counts what is pushed onto its end, and the whole list when
 * any element is read, written elsewhere or removed. The state is written from the parts themselves
 * (a Map's prototype methods, the list behind its proxy), which counts nothing.
 *
 * What a write takes is what was handed out since the write before. A handler that changes a value it
 * looked up before an `await` (a label drawn meanwhile) must look it up again after: another request's
 * write may have taken the lookup in between. Every carrier changes what it looked up before its first
 * `await`, or stores after it.
 */

export type Part = Map<unknown, unknown> | unknown[];

export interface PartChange {
  /** Everything the part holds may have changed. */
  whole: boolean;
  /** A Map's keys set, deleted or handed out. */
  keys: Set<unknown>;
  /** A list's first index written since, at its end (Infinity: none). */
  from: number;
}

const INDEX = /^(0|[1-9]\d*)$/;

export class StateChanges {
  #changes = new Map<Part, PartChange>();

  #of(part: Part): PartChange {
    let change = this.#changes.get(part);
    if (!change) this.#changes.set(part, (change = { whole: false, keys: new Set(), from: Infinity }));
    return change;
  }

  #key(map: Map<unknown, unknown>, key: unknown): void {
    this.#of(map).keys.add(key);
  }

  #whole(part: Part): void {
    this.#of(part).whole = true;
  }

  /** What changed since the last call; counting starts again. */
  take(): Map<Part, PartChange> {
    const taken = this.#changes;
    this.#changes = new Map();
    return taken;
  }

  /** Counts the changes of `map` from now on: its methods are wrapped on the instance itself. */
  watchMap(map: Map<unknown, unknown>): void {
    const proto = Map.prototype;
    const whole =
      (method: unknown) =>
      (...args: unknown[]): unknown => {
        this.#whole(map);
        return Reflect.apply(method as (...a: unknown[]) => unknown, map, args);
      };
    const methods: Record<string | symbol, unknown> = {
      get: (k: unknown) => {
        this.#key(map, k);
        return proto.get.call(map, k);
      },
      set: (k: unknown, v: unknown) => {
        this.#key(map, k);
        return proto.set.call(map, k, v);
      },
      delete: (k: unknown) => {
        this.#key(map, k);
        return proto.delete.call(map, k);
      },
      clear: whole(proto.clear),
      forEach: whole(proto.forEach),
      values: whole(proto.values),
      entries: whole(proto.entries),
      [Symbol.iterator]: whole(proto[Symbol.iterator]),
    };
    for (const name of Reflect.ownKeys(methods))
      Object.defineProperty(map, name, { value: methods[name], configurable: true, writable: true });
  }

  /**
   * A list that counts its changes, to put where the list was: an element read may be changed in
   * place, and a list's elements are read by index (every array method does), which only a proxy sees.
   */
  watchList<T>(list: T[]): T[] {
    return new Proxy(list, {
      get: (target, p, receiver) => {
        if (typeof p === 'string' && INDEX.test(p)) this.#whole(target);
        return Reflect.get(target, p, receiver) as unknown;
      },
      set: (target, p, v, receiver) => {
        if (typeof p === 'string') {
          if (INDEX.test(p) && Number(p) >= target.length) {
            const change = this.#of(target);
            change.from = Math.min(change.from, Number(p));
          } else if (p !== 'length' || (v as number) < target.length) this.#whole(target);
        }
        return Reflect.set(target, p, v, receiver);
      },
      deleteProperty: (target, p) => {
        this.#whole(target);
        return Reflect.deleteProperty(target, p);
      },
    });
  }
}

/**
 * A Map's value looked up without counting it as changed, for a handler that only reads what it finds
 * (a track answer built from a shipment): counted, every shipment a track call of 30 numbers looked
 * up was written to the journal again before its answer left (bench/README.md, sixth round).
 */
export function peek<K, V>(map: Map<K, V>, key: K): V | undefined {
  return Map.prototype.get.call(map, key) as V | undefined;
}
