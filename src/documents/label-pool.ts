/**
 * LabelWork (label-work.ts) on a small pool of worker threads (piscina): each job is one call of
 * labels.ts or raster.ts in label-worker.ts. The threads start with the first job and stop after
 * a while idle, so a service that makes no PDFs from images never has them; each has a heap of its
 * own with a ceiling, so a job that needs more memory than a label should fails alone
 * (payload_too_large) instead of growing the service's heap.
 *
 * Bounds: one job is checked before it is queued (checkJob); the backlog is the labels of the
 * requests admitted (admit()) and not done, and a request that would take it over its bound is
 * answered 503 with Retry-After before it books or queues anything. Jobs are not refused for the
 * backlog themselves: a booking the carrier has made must get its labels, so the refusal comes
 * before the carrier call.
 */
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { ApiError } from '../domain/errors.js';
import { threadModule } from '../foundations/thread-module.js';
import { checkJob, type LabelWork } from './label-work.js';
import { combineLabels, isDrawnFormat } from './labels.js';
import { checkLogo } from './logo.js';
import type { LabelTask, LabelTaskResult } from './label-worker.js';

export interface LabelPool extends LabelWork {
  /** Waits for the jobs running, then stops the threads. */
  close(): Promise<void>;
}

export interface LabelPoolOptions {
  /** Threads at most; default: one fewer than the cores (the event loop keeps one), 1 to 2. */
  threads?: number;
  /** Labels of the requests admitted and not done at most, beyond which admit() refuses. */
  maxBacklog?: number;
}

/** Five of the largest shipments (200 packages), about a minute of one thread at 70 ms a label. */
const DEFAULT_MAX_BACKLOG = 1_000;
/** A thread idle this long stops, its heap freed. */
const IDLE_MS = 30_000;
/**
 * One job's time at most, its thread ended past it: a decoder that never returns on some damaged
 * bytes would otherwise hold a thread for good. The largest job is some 14 s of a quiet thread.
 */
const JOB_TIMEOUT_MS = 120_000;
/** Seconds a refused request is told to wait: about what a thread needs for a shipment of 200. */
const RETRY_AFTER_S = 15;
/**
 * A thread's heap. Label and image bytes live outside it (array buffers); pdf-lib's objects for the
 * largest jobs fit in 32 MB: 200 labels merged into one PDF (test/carriers/label-pool.test.ts), and
 * 200 PNG labels of 4×6 in placed on the pages of one. pdf.js drawing a label as a PNG needs more
 * than 48 MB (the contract test of PNG labels drawn from PDF fails there, passes at 64): half as
 * much again for labels busier than the emulator's.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 };

/** A document the thread made (what every job but copyPages answers). */
function made(result: Exclude<LabelTaskResult, { error: unknown }>): { format: string; bytes: Uint8Array } {
  if (!('bytes' in result)) throw new Error('label work: the thread answered no document');
  return result;
}

export function createLabelPool(opts: LabelPoolOptions = {}): LabelPool {
  const threads = opts.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const maxBacklog = opts.maxBacklog ?? DEFAULT_MAX_BACKLOG;
  /** Labels of the requests admitted and not yet done. */
  let admitted = 0;
  let pool: Promise<Piscina> | undefined;
  // piscina loads with the first job, as pdf-lib did before it: a start that never needs it does not pay for it.
  const started = () =>
    (pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina({
          ...threadModule('label-worker', import.meta.url),
          minThreads: 0,
          maxThreads: threads,
          idleTimeout: IDLE_MS,
          resourceLimits: WORKER_LIMITS,
        }),
    ));

  async function run(task: LabelTask): Promise<Exclude<LabelTaskResult, { error: unknown }>> {
    let result: LabelTaskResult;
    try {
      result = (await (await started()).run(task, { signal: AbortSignal.timeout(JOB_TIMEOUT_MS) })) as LabelTaskResult;
    } catch (err) {
      // The thread ran out of its heap (it is replaced): the job was more than a label job may be.
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new ApiError('payload_too_large', 'The labels need more memory than one label job may use', task.op, {
          cause: err,
        });
      // Past its time the job's thread is ended (and replaced).
      if ((err as { name?: string }).name === 'AbortError')
        throw new ApiError(
          'payload_too_large',
          `The labels took longer than one label job may (${JOB_TIMEOUT_MS / 1000} s)`,
          task.op,
          { cause: err },
        );
      throw err;
    }
    if ('error' in result) throw new ApiError(result.error.code, result.error.message, result.error.detail);
    return result;
  }

  return {
    async combineLabels(format, labels) {
      // Printer-language labels are joined, not drawn: copying their bytes to a thread would cost more.
      if (!isDrawnFormat(format)) return combineLabels(format, labels);
      checkJob(labels);
      return made(await run({ op: 'combine', format, labels }));
    },
    async mergePdfs(files) {
      checkJob(files, 'files');
      return made(await run({ op: 'merge', files })).bytes;
    },
    async splitPdf(pdf) {
      checkJob([pdf]);
      const result = await run({ op: 'split', pdf });
      if (!('pages' in result)) throw new Error('label work: split answered no pages');
      return result.pages;
    },
    async pdfToPng(pdf, dpi) {
      checkJob([pdf]);
      return made(await run({ op: 'rasterise', pdf, ...(dpi !== undefined ? { dpi } : {}) })).bytes;
    },
    async copyPdfPages(label, first, parent) {
      checkJob([label]);
      const result = await run({ op: 'copyPages', label, first, parent });
      if (!('copied' in result)) throw new Error('label work: copyPages answered no pages');
      return result.copied;
    },
    async normaliseLogo(image) {
      // Refused from its header, before a thread is asked (or started) for it.
      checkLogo(image);
      const result = await run({ op: 'logo', image });
      if (!('logo' in result)) throw new Error('label work: the logo job answered no image');
      return result.logo;
    },
    admit(labels) {
      if (admitted + labels > maxBacklog) {
        throw new ApiError(
          'service_unavailable',
          `This instance is busy making labels (${admitted} admitted); send the request again after the Retry-After seconds`,
          'label work',
          { retryAfter: RETRY_AFTER_S },
        );
      }
      admitted += labels;
      let released = false;
      return () => {
        if (!released) admitted -= labels;
        released = true;
      };
    },
    async close() {
      const running = pool;
      pool = undefined;
      if (running) await (await running).close();
    },
  };
}
