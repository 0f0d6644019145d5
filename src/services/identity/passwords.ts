/**
 * Passwords as argon2id hashes (@node-rs/argon2: Rust's argon2 crate, prebuilt for each platform
 * in the npm packages, run on libuv's thread pool so the event loop never waits for a hash). The
 * parameters are OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, one lane. At most
 * two hashes run at once: each holds 19 MiB, and the thread pool also serves the
 * file system; sign-in attempts are throttled before they get here (http/request-limits.ts).
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../domain/errors.js';
import { createLimiter } from '../../foundations/limiter.js';

/**
 * The native module loads with the first hash or verification, not at start: most requests are
 * made with API keys and never need it (bench/README.md: start-up). A CommonJS package imported
 * dynamically from the bundle may come as its `default` export only.
 */
type Argon2 = typeof import('@node-rs/argon2');
let argon2: Promise<Argon2> | undefined;
const loadArgon2 = () =>
  (argon2 ??= import('@node-rs/argon2').then((m) => ((m as { default?: Argon2 }).default ?? m) as Argon2));

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/** Refuses a password too short to resist guessing, or long enough to be a way of loading the hash. */
export function checkPassword(password: string, field: string): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX)
    throw new ApiError(
      'schema_validation_error',
      `${field} must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`,
      field,
    );
}

/** A password for the operator to hand on (users create --with-password, users reset-password). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * Whether the password matches the stored hash. Without one (no such user, an invitation not yet
   * accepted) a dummy hash is verified all the same and the answer is false: how long the answer
   * takes does not tell an address that has an account from one that has none.
   */
  verify(stored: string | null | undefined, password: string): Promise<boolean>;
}

export function createPasswords(opts: { concurrency?: number } = {}): Passwords {
  const limiter = createLimiter(opts.concurrency ?? 2);
  let dummy: Promise<string> | undefined;
  const hashed = (password: string) => limiter.run(async () => (await loadArgon2()).hash(password, OPTIONS));
  return {
    hash: hashed,
    async verify(stored, password) {
      const against = stored ?? (await (dummy ??= hashed(randomBytes(16).toString('hex'))));
      // Loaded outside the try: a module that cannot load is an error, not a wrong password.
      const lib = await loadArgon2();
      try {
        const ok = await limiter.run(() => lib.verify(against, password));
        return stored ? ok : false;
      } catch {
        // A stored value that is not a PHC string of argon2 matches nothing.
        return false;
      }
    },
  };
}
