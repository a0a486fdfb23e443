import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.js';

describe('CSV cells', () => {
  it('leave plain text, Thai and Lao as they are', () => {
    expect(csvCell('Lunch')).toBe('Lunch');
    expect(csvCell('ข้าวมันไก่')).toBe('ข้าวมันไก่');
    expect(csvCell('ເຂົ້າໜຽວ')).toBe('ເຂົ້າໜຽວ');
    expect(csvCell('')).toBe('');
  });

  it('quote commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('neutralize cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('end each record with CRLF', () => {
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });
});
