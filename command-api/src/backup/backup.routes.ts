import type { FastifyPluginAsync } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { BACKUP_FILE_PATH, BACKUP_LINK_PATH, backupLinkQuerySchema } from '@plenty/contracts/backup';
import { fileLinkSchema, EXPORT_LOCALES } from '@plenty/contracts/views/files';
import { refuseErasedUsers, type ErasedUsers } from '@plenty/platform/auth/erased-users';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import type { BlobStore } from '@plenty/platform/blob-store/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import type { LinkSigner } from '@plenty/platform/file/signed-link';
import { currentUser, requireAuth } from '@plenty/platform/http/auth-hook';
import { HttpError } from '@plenty/platform/http/errors';
import { perUserPerMinute } from '@plenty/platform/http/rate-limit';
import { linkClaimsOf, linkQuerySchema, verifyIdTokenAgain } from '@plenty/platform/http/signed-links';
import { useZodRoutes } from '@plenty/platform/http/zod-routes';
import { prepareBackup } from './backup-file.js';

export interface BackupApiOptions {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly verifier: TokenVerifier;
  /** The record of erased users: their links answer 404. */
  readonly erasedUsers: ErasedUsers;
  /** Receipts; null where the deployment keeps none. */
  readonly blobs: BlobStore | null;
  /**
   * Signs the 5-minute links, with the same secret as the query API's receipt and export links
   * (RECEIPT_LINK_SECRET, else derived from the master key).
   */
  readonly links: LinkSigner;
  /** Links a user may ask for per minute (per instance); 0 turns the limit off. Default 10. */
  readonly linksPerMinutePerUser?: number;
  readonly now?: () => Date;
}

const localeSchema = z.enum(EXPORT_LOCALES);

const notFound = () => new HttpError(404, 'not_found', 'Not found.');

/**
 * "Download all my data" (contracts/src/backup.ts): `GET /api/backup/link?locale=` answers a
 * 5-minute link bound to the signed-in user (a verified email; the ID token is checked again
 * with revocation, as for the CSV export), and `GET /api/backup/file?token=` streams the
 * backup ZIP it names. Register at the root.
 */
export const backupApi: FastifyPluginAsync<BackupApiOptions> = async (app, options) => {
  const verifier = refuseErasedUsers(options.verifier, options.erasedUsers);

  await app.register(async (signedIn) => {
    requireAuth(signedIn, verifier);
    const limit = await perUserPerMinute(signedIn, 'backup-user', options.linksPerMinutePerUser ?? 10);
    useZodRoutes(signedIn).get(
      BACKUP_LINK_PATH,
      {
        ...(limit === undefined ? {} : { preValidation: limit }),
        schema: {
          summary:
            'A 5-minute link to the backup of all the user’s data (a verified email; the token checked for revocation)',
          tags: ['backup'],
          security: [{ idToken: [] }],
          querystring: backupLinkQuerySchema,
          response: { 200: fileLinkSchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await verifyIdTokenAgain(request, verifier, user.uid);
        const signed = await options.links.sign({ sub: user.uid, kind: 'backup', obj: request.query.locale });
        return { url: `${BACKUP_FILE_PATH}?token=${encodeURIComponent(signed)}` };
      },
    );
  });

  const preparing = new Set<string>();
  useZodRoutes(app).get(
    BACKUP_FILE_PATH,
    {
      schema: {
        summary: 'The backup ZIP of all the user’s data, through a signed link (application/zip)',
        tags: ['backup'],
        querystring: linkQuerySchema,
      },
    },
    async (request, reply) => {
      const claims = await linkClaimsOf(request, options.links, 'backup');
      const locale = localeSchema.safeParse(claims.obj);
      if (!locale.success || (await options.erasedUsers.has(claims.sub))) throw notFound();
      // A backup reads the whole history: one at a time per user (per instance).
      if (preparing.has(claims.sub))
        throw new HttpError(429, 'rate_limited', 'Your backup is being prepared; try again when it is done.');
      preparing.add(claims.sub);
      let body: Readable;
      try {
        const backup = await prepareBackup(
          { eventStore: options.eventStore, codec: options.codec, blobs: options.blobs, now: options.now },
          claims.sub,
          locale.data,
        );
        body = Readable.from(backup.bytes(), { objectMode: false });
        reply.header('content-disposition', `attachment; filename="${backup.fileName}"`);
        // Sent, cut short or never started: the temporary files go, and the user may ask again.
        body.once('close', () => {
          backup.discard();
          preparing.delete(claims.sub);
        });
      } catch (error) {
        preparing.delete(claims.sub);
        throw error;
      }
      return reply
        .header('content-type', 'application/zip')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
