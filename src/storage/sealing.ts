/**
 * Carrier credentials and OAuth tokens are sealed at rest with AES-256-GCM. The key comes from
 * WAYBILL_SECRET_KEY, or from a key file created (mode 0600) in the data directory on first start.
 * Several instances on one PostgreSQL database must share WAYBILL_SECRET_KEY.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * A 32-byte key for another purpose (HKDF-SHA256 of the sealing key with `purpose` as info): one
   * secret to configure, and a key derived for signing links tells nothing about the sealing key.
   */
  deriveKey(purpose: string): Buffer;
}

const VERSION = 'v1';

/** Opened values kept in memory: each sealed string has its own IV, so it names one plaintext forever. */
const OPENED_CACHE = 10_000;

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('the sealing key must be 32 bytes');
  // Every carrier call opens the account's credentials; deciphering them each time costs more
  // than the rest of the lookup.
  const opened = new Map<string, string>();
  return {
    deriveKey(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `waybill ${purpose}`, 32));
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const hit = opened.get(sealed);
      if (hit !== undefined) return hit;
      const [version, payload] = sealed.split(':', 2);
      if (version !== VERSION || !payload) throw new Error('sealed value has an unknown format');
      const raw = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      if (opened.size >= OPENED_CACHE) opened.clear();
      opened.set(sealed, plain);
      return plain;
    },
  };
}

/** Whether the sealer opens the value (to the expected text, when given); never throws. */
export function canOpen(sealer: Sealer, sealed: string, expected?: string): boolean {
  try {
    const plain = sealer.open(sealed);
    return expected === undefined || plain === expected;
  } catch {
    return false;
  }
}

/** The configured key, else the data directory's key file, created on first use. */
export function loadSealingKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte hex key`);
    return key;
  }
  // Owner only, like the database beside it (storage/database.ts).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // 'wx' fails if another process created it in between; then read theirs.
  try {
    writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch {
    return loadSealingKey(undefined, dataDir);
  }
  return key;
}
