/**
 * Asks the browser to keep this origin's storage when the device runs short of space. Without
 * it a browser may evict the origin's IndexedDB under pressure, the outbox with it: entries the
 * person was told are "saved on this device" would be gone. Chromium decides without asking (an
 * installed app is kept); Firefox asks the person once. Asked once per page, when the first
 * entry stays on the device.
 */

let asked: Promise<boolean> | null = null;

async function ask(storage: StorageManager): Promise<boolean> {
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    // Not granted or not allowed here: the entries are kept as long as the browser keeps them.
    return false;
  }
}

/** Whether the storage is kept (false: not granted, or the browser cannot say). Never rejects. */
export function keepDeviceStorage(): Promise<boolean> {
  if (asked !== null) return asked;
  const storage =
    typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManager | undefined | null);
  if (storage == null || typeof storage.persist !== 'function') return Promise.resolve(false);
  asked = ask(storage);
  return asked;
}

/** For tests: the next entry kept asks again. */
export function forgetStorageAsked(): void {
  asked = null;
}
