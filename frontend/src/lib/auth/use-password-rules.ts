import { useEffect, useState } from 'react';
import { DEFAULT_RULES, type PasswordRules } from './password-policy';
import { passwordRules } from './session';

/** The password policy, fetched when the page opens; at least 6 characters until then. */
export function usePasswordRules(): PasswordRules {
  const [rules, setRules] = useState<PasswordRules>(DEFAULT_RULES);
  useEffect(() => {
    let current = true;
    void passwordRules().then((fetched) => {
      if (current) setRules(fetched);
    });
    return () => {
      current = false;
    };
  }, []);
  return rules;
}
