/** The signed-in key lives in this tab only (sessionStorage): no cookie, gone when the tab closes. */
const SLOT = 'waybill.console.key';

export function storedKey(): string | null {
  try {
    return sessionStorage.getItem(SLOT);
  } catch {
    return null;
  }
}

export function keepKey(key: string): void {
  sessionStorage.setItem(SLOT, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(SLOT);
}
