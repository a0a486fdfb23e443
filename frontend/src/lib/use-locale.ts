import { createContext, useContext } from 'react';
import type { Locale } from './locale';

export interface LocaleControl {
  readonly locale: Locale;
  /** Loads the language's messages, remembers the choice and moves to the page in that language. */
  setLocale(locale: Locale): Promise<void>;
}

export const LocaleContext = createContext<LocaleControl | null>(null);

export function useLocale(): LocaleControl {
  const control = useContext(LocaleContext);
  if (control === null) throw new Error('useLocale outside the locale root');
  return control;
}
