import { api } from '../../lib/api/api';
import type { Locale } from '../../lib/locale';
import { backupLinkQuery, exportLinkQuery, type ExportLink } from './export';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A short-lived signed link to the user's transactions as CSV (DESIGN.md section 4). */
    exportLink: build.query<ExportLink, Locale>({
      query: exportLinkQuery,
      // Each link is for one download; a new click asks for a fresh one.
      keepUnusedDataFor: 0,
    }),
    /** A short-lived signed link to the backup of all the user's data (contracts/src/backup.ts). */
    backupLink: build.query<ExportLink, Locale>({
      query: backupLinkQuery,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyExportLinkQuery, useLazyBackupLinkQuery } = settingsApi;
