import { randomBytes } from 'node:crypto';
import { fakeVerifier } from '@plenty/platform/auth/fake-verifier';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import { LinkSigner } from '@plenty/platform/file/signed-link';
import type { ReadStore } from '@plenty/platform/read-store/port';
import type { QueryApiOptions } from '../app.js';

/**
 * The query API's options over `readStore` for tests that need no projector and no receipts:
 * fake tokens, projections that stay at position 0, links signed with a fresh key over no blobs.
 */
export function queryOptionsOver(readStore: ReadStore): QueryApiOptions & { prefix: string } {
  return {
    prefix: '/api/queries',
    readStore,
    verifier: fakeVerifier,
    progress: { current: async () => '0', waitFor: async () => '0' },
    files: { blobs: {} as BlobStore, links: new LinkSigner(randomBytes(32)) },
  };
}
