import { BACKUP_LINK_PATH } from '@plenty/contracts/backup';
import type { Locale } from '../../lib/locale';

/** What the export link query answers: a short-lived signed address of the CSV file. */
export interface ExportLink {
  readonly url: string;
}

/** The query for a link to the CSV in this language (category names and headers follow it). */
export function exportLinkQuery(locale: Locale): { url: string; params: { locale: Locale } } {
  return { url: 'queries/export/link', params: { locale } };
}

/** The query for a link to the backup ZIP; its readable CSV files are in this language. */
export function backupLinkQuery(locale: Locale): { url: string; params: { locale: Locale } } {
  return { url: BACKUP_LINK_PATH.replace(/^\/api\//, ''), params: { locale } };
}

/** Whether the answer is a link this page may open: on this site or http(s) elsewhere. */
export function isExportLink(value: unknown, origin: string): value is ExportLink {
  if (typeof value !== 'object' || value === null || !('url' in value)) return false;
  const { url } = value as { url: unknown };
  if (typeof url !== 'string' || url === '') return false;
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The parts of `document` a download needs, so the step can be tested without a browser. */
export interface DownloadDocument {
  createElement(tag: 'a'): Pick<HTMLAnchorElement, 'href' | 'download' | 'rel' | 'click' | 'remove'>;
  readonly body: { append(node: never): void };
}

/**
 * Starts the browser's download of the file at `url` with a temporary `<a download>`; the
 * server's Content-Disposition names the file.
 */
export function startDownload(url: string, doc: DownloadDocument): void {
  const link = doc.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  doc.body.append(link as never);
  link.click();
  link.remove();
}
