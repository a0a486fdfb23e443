import { describe } from 'vitest';
import type { ReadStore } from './port.js';
import { readStoreGetManyContract } from './read-store.get-many.contract.js';
import { readStoreQueryContract } from './read-store.query.contract.js';
import { readStoreSearchContract } from './read-store.search.contract.js';
import { readStoreShadowContract } from './read-store.shadow.contract.js';
import { readStoreSparseContract } from './read-store.sparse.contract.js';
import { readStoreWriteContract } from './read-store.write.contract.js';

/** The behaviour every read store adapter promises to the projector and the query API. */
export function readStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`read store contract: ${name}`, () => {
    readStoreQueryContract(open);
    readStoreWriteContract(open);
    readStoreShadowContract(open);
    readStoreSearchContract(open);
    readStoreSparseContract(open);
    readStoreGetManyContract(open);
  });
}
