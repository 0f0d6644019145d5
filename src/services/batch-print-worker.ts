/**
 * The PDF print file is assembled in a worker thread with a small heap of its own: pdf-lib makes a
 * lot of short-lived objects per label, and in the main heap V8 would let them pile up to a hundred
 * megabytes or more before collecting. Here the cap makes it collect as it goes. Protocol: the main
 * thread sends {label} one at a time and gets {chunk} back for each, then {end} → {chunk}… {done}.
 */
import { parentPort } from 'node:worker_threads';
import { PdfPrintWriter } from './batch-print.js';

const port = parentPort!;
const writer = new PdfPrintWriter();
/** Copied into a buffer of its own, which is moved to the main thread rather than copied again. */
const send = (chunk: Uint8Array) => {
  const own = new Uint8Array(chunk.length);
  own.set(chunk);
  port.postMessage({ chunk: own }, [own.buffer]);
};

port.on('message', (msg: { begin?: true; label?: Uint8Array; end?: true }) => {
  void (async () => {
    try {
      if (msg.begin) send(writer.begin());
      else if (msg.label) send(await writer.add(msg.label));
      else if (msg.end) {
        for (const chunk of writer.end()) send(chunk);
        port.postMessage({ done: true });
      }
    } catch (err) {
      port.postMessage({ error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
