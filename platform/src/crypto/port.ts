/** Per-user data keys, wrapped by a master key; erasing a key shreds the user's personal text. */
export interface KeyStore {
  /** The user's 32-byte data key, created on first use. */
  getOrCreate(userId: string): Promise<Buffer>;
  /** The user's data key, or null when it never existed or was erased. */
  get(userId: string): Promise<Buffer | null>;
  erase(userId: string): Promise<void>;
  close(): Promise<void>;
}
