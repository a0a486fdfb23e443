/** What a password must contain (spec section 5, "Identity provider rules"). */
export interface PasswordRules {
  readonly minLength: number;
  readonly maxLength: number | null;
  readonly lowercase: boolean;
  readonly uppercase: boolean;
  readonly numeric: boolean;
  readonly nonAlphanumeric: boolean;
}

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'lowercase' | 'uppercase' | 'numeric' | 'symbol';

export const MIN_PASSWORD_LENGTH = 6;

/** Used when the policy cannot be fetched (the Auth emulator has none): at least 6 characters. */
export const DEFAULT_RULES: PasswordRules = {
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: null,
  lowercase: false,
  uppercase: false,
  numeric: false,
  nonAlphanumeric: false,
};

/** The parts of the SDK's PasswordPolicy this app reads. */
export interface PolicyOptions {
  readonly minPasswordLength?: number;
  readonly maxPasswordLength?: number;
  readonly containsLowercaseLetter?: boolean;
  readonly containsUppercaseLetter?: boolean;
  readonly containsNumericCharacter?: boolean;
  readonly containsNonAlphanumericCharacter?: boolean;
}

/** The project's policy as rules; an option left out counts as not required. */
export function rulesFromPolicy(options: PolicyOptions): PasswordRules {
  return {
    minLength: Math.max(options.minPasswordLength ?? MIN_PASSWORD_LENGTH, 1),
    maxLength: options.maxPasswordLength ?? null,
    lowercase: options.containsLowercaseLetter === true,
    uppercase: options.containsUppercaseLetter === true,
    numeric: options.containsNumericCharacter === true,
    nonAlphanumeric: options.containsNonAlphanumericCharacter === true,
  };
}

/** Every requirement the password misses, in the order they are listed to the user. */
export function passwordProblems(password: string, rules: PasswordRules): PasswordProblem[] {
  if (password === '') return ['required'];
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < rules.minLength) problems.push('tooShort');
  if (rules.maxLength !== null && length > rules.maxLength) problems.push('tooLong');
  if (rules.lowercase && !/\p{Ll}/u.test(password)) problems.push('lowercase');
  if (rules.uppercase && !/\p{Lu}/u.test(password)) problems.push('uppercase');
  if (rules.numeric && !/\d/.test(password)) problems.push('numeric');
  if (rules.nonAlphanumeric && !/[^\p{L}\p{N}]/u.test(password)) problems.push('symbol');
  return problems;
}

/** The requirements a policy sets, to list under a new-password field. */
export function requirementsOf(rules: PasswordRules): PasswordProblem[] {
  const list: PasswordProblem[] = ['tooShort'];
  if (rules.maxLength !== null) list.push('tooLong');
  if (rules.lowercase) list.push('lowercase');
  if (rules.uppercase) list.push('uppercase');
  if (rules.numeric) list.push('numeric');
  if (rules.nonAlphanumeric) list.push('symbol');
  return list;
}
