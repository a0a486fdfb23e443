import { describe, expect, it } from 'vitest';
import { debtCommandSchemas } from './debt.js';
import { profileCommandSchemas } from './profile.js';
import { COMMAND_NAMES, commandRegistry, isCommandName } from './registry.js';
import { recurringCommandSchemas } from '../recurring.js';
import { transferCommandSchemas } from '../transfers.js';
import { importCommandSchemas } from '../imports.js';
import { restoreCommandSchemas } from '../backup.js';
import { transactionCommandSchemas } from './transaction.js';

describe('the command registry', () => {
  it('lists every command schema of every stream once', () => {
    const expected = [
      ...Object.keys(transactionCommandSchemas),
      ...Object.keys(profileCommandSchemas),
      ...Object.keys(debtCommandSchemas),
      ...Object.keys(transferCommandSchemas),
      ...Object.keys(recurringCommandSchemas),
      'PostOccurrence',
      ...Object.keys(importCommandSchemas),
      ...Object.keys(restoreCommandSchemas),
      'SendVerificationCode',
      'VerifyEmail',
      'RequestPasswordReset',
      'DeleteAccount',
    ];
    expect([...COMMAND_NAMES].sort()).toEqual([...new Set(expected)].sort());
  });

  it('lets a guest send only the password-reset request and an unverified user only the identity and deletion commands', () => {
    const byAccess = (access: string) => COMMAND_NAMES.filter((name) => commandRegistry[name].access === access).sort();
    expect(byAccess('guest')).toEqual(['RequestPasswordReset']);
    expect(byAccess('signed-in')).toEqual(['DeleteAccount', 'SendVerificationCode', 'VerifyEmail']);
  });

  it('knows a command by its own name only, not by an inherited property', () => {
    expect(isCommandName('AddTransaction')).toBe(true);
    expect(isCommandName('toString')).toBe(false);
    expect(isCommandName('__proto__')).toBe(false);
  });

  it('refuses an unknown field in every command body', () => {
    for (const name of COMMAND_NAMES) {
      const result = commandRegistry[name].schema.safeParse({ unexpectedField: 1 });
      expect(result.success, name).toBe(false);
    }
  });
});
