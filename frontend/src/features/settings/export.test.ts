import { describe, expect, it, vi } from 'vitest';
import { backupLinkQuery, exportLinkQuery, isExportLink, startDownload, type DownloadDocument } from './export';

describe('export link', () => {
  it('asks for the file in the current language', () => {
    expect(exportLinkQuery('lo')).toEqual({ url: 'queries/export/link', params: { locale: 'lo' } });
  });

  it('asks the command API for the backup link, its readable files in the current language', () => {
    expect(backupLinkQuery('th')).toEqual({ url: 'backup/link', params: { locale: 'th' } });
  });

  it('accepts a relative or http(s) link and nothing else', () => {
    const origin = 'https://plenty.example';
    expect(isExportLink({ url: '/api/files/export?token=abc' }, origin)).toBe(true);
    expect(isExportLink({ url: 'https://files.example/x.csv' }, origin)).toBe(true);
    expect(isExportLink({ url: 'javascript:alert(1)' }, origin)).toBe(false);
    expect(isExportLink({ url: '' }, origin)).toBe(false);
    expect(isExportLink({ href: '/x' }, origin)).toBe(false);
    expect(isExportLink(null, origin)).toBe(false);
  });
});

describe('startDownload', () => {
  it('clicks a temporary download link and removes it', () => {
    const link = { href: '', download: 'x', rel: '', click: vi.fn(), remove: vi.fn() };
    const append = vi.fn();
    const doc = { createElement: () => link, body: { append } } as unknown as DownloadDocument;
    startDownload('/api/files/export?token=abc', doc);
    expect(link.href).toBe('/api/files/export?token=abc');
    expect(link.download).toBe('');
    expect(append).toHaveBeenCalledWith(link);
    expect(link.click).toHaveBeenCalledOnce();
    expect(link.remove).toHaveBeenCalledOnce();
  });
});
