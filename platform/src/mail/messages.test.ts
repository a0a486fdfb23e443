import { describe, expect, it } from 'vitest';
import { passwordResetMail, verificationCodeMail } from './messages.js';

describe('mail messages', () => {
  it('puts the code and its validity into the verification mail in each language', () => {
    const en = verificationCodeMail('en', 'noy@example.test', '042917', 15);
    expect(en.to).toBe('noy@example.test');
    expect(en.subject).toBe('042917 is your Plenty verification code');
    expect(en.text).toContain('valid for 15 minutes');
    const th = verificationCodeMail('th', 'noy@example.test', '042917', 15);
    expect(th.subject).toContain('รหัสยืนยัน');
    expect(th.text).toContain('042917');
    expect(th.text).toContain('15 นาที');
    const lo = verificationCodeMail('lo', 'noy@example.test', '042917', 15);
    expect(lo.subject).toContain('ລະຫັດຢືນຢັນ');
    expect(lo.text).toContain('15 ນາທີ');
  });

  it('puts the reset link into text and HTML, escaped and clickable', () => {
    const link = 'http://127.0.0.1:8080/th/auth/reset-password/abc-DEF_123?x=1&y=2';
    const mail = passwordResetMail('th', 'noy@example.test', link);
    expect(mail.subject).toBe('ตั้งรหัสผ่านใหม่สำหรับ Plenty');
    expect(mail.text).toContain(link);
    const escaped = link.replaceAll('&', '&amp;');
    expect(mail.html).toContain(`<a href="${escaped}">${escaped}</a>`);
    expect(mail.html).toContain('<html lang="th">');
  });
});
