import { describe, expect, it } from 'vitest';
import { passwordResetMail, reminderMail, verificationCodeMail } from './messages.js';

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

  it('words a reminder by what is due and when, in each language', () => {
    const values = {
      kind: 'installment' as const,
      name: 'Motorbike loan',
      number: 4,
      days: 1,
      date: '22 Nov 2026',
      amount: '₭300,000',
      link: 'http://127.0.0.1:8080/dashboard/debt-tracker/abc',
    };
    const en = reminderMail('en', 'noy@example.test', values);
    expect(en.subject).toBe('Installment 4 of Motorbike loan is due tomorrow');
    expect(en.text).toContain('Installment 4 of Motorbike loan is due on 22 Nov 2026: ₭300,000.');
    expect(en.text).toContain(values.link);
    const bill = reminderMail('en', 'noy@example.test', {
      ...values,
      kind: 'expense',
      name: 'Rent',
      number: 0,
      days: 0,
    });
    expect(bill.subject).toBe('Rent is due today');
    const pay = reminderMail('en', 'noy@example.test', {
      ...values,
      kind: 'income',
      name: 'Salary',
      number: 0,
      days: 3,
    });
    expect(pay.subject).toBe('Salary is expected in 3 days');
    const th = reminderMail('th', 'noy@example.test', values);
    expect(th.subject).toBe('งวดที่ 4 ของMotorbike loan ครบกำหนดชำระพรุ่งนี้');
    expect(th.text).toContain('ครบกำหนดชำระวันที่ 22 Nov 2026: ₭300,000');
    const lo = reminderMail('lo', 'noy@example.test', { ...values, days: 2 });
    expect(lo.subject).toBe('ງວດທີ 4 ຂອງMotorbike loan ຄົບກຳນົດຊຳລະໃນອີກ 2 ມື້');
    expect(lo.html).toContain('<html lang="lo">');
  });
});
