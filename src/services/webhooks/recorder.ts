/**
 * Group commit of the worker's attempts: attempts finishing while a write is under way are written
 * together by the next one, so a busy worker commits once per batch rather than once per delivery.
 */
import type * as outbox from '../../storage/repositories/events.js';

export type Recorded = Parameters<typeof outbox.recordAttempts>[2][number];

export interface Recorder {
  /** Whether the worker still held the delivery when its attempt was written. */
  record(item: Recorded): Promise<boolean>;
}

export function createRecorder(write: (items: Recorded[]) => Promise<boolean[]>): Recorder {
  let queue: { item: Recorded; done: (held: boolean) => void; fail: (err: unknown) => void }[] = [];
  let writing = false;
  async function flush(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const held = await write(batch.map((b) => b.item));
        batch.forEach((b, i) => b.done(held[i] ?? false));
      } catch (err) {
        for (const b of batch) b.fail(err);
      }
    }
    writing = false;
  }
  return {
    record(item: Recorded): Promise<boolean> {
      return new Promise((done, fail) => {
        queue.push({ item, done, fail });
        if (!writing) void flush();
      });
    },
  };
}
