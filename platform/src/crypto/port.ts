/** The user's data key was erased: nothing can be sealed for them any more. */
export class DataKeyErasedError extends Error {
  override readonly name = 'DataKeyErasedError';
  constructor() {
    super('the data key of this user was erased');
  }
}

/** Per-user data keys, wrapped by a master key; erasing a key shreds the user's personal text. */
export interface KeyStore {
  /**
   * The user's 32-byte data key, created on first use. Throws DataKeyErasedError for a user
   * whose key was erased: an erased user never gets a new key.
   */
  getOrCreate(userId: string): Promise<Buffer>;
  /** The user's data key, or null when it never existed or was erased. */
  get(userId: string): Promise<Buffer | null>;
  /**
   * Destroys the user's key, leaving only a record that it was erased (the user id and the
   * time). Where the store keeps files, no copy of the wrapped key is left in them either.
   */
  erase(userId: string): Promise<void>;
  close(): Promise<void>;
}
