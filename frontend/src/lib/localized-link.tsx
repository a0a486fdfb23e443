import type { ComponentProps } from 'react';
import { Link, NavLink } from 'react-router';
import { localizedPath } from './locale';
import { useLocale } from './use-locale';

type LinkProps = Omit<ComponentProps<typeof Link>, 'to'> & { readonly to: string };
type NavLinkProps = Omit<ComponentProps<typeof NavLink>, 'to'> & { readonly to: string };

/** A link to a page given in its English form (`/dashboard`), in the current language. */
export function LocalizedLink({ to, ...props }: LinkProps) {
  const { locale } = useLocale();
  return <Link to={localizedPath(to, locale)} {...props} />;
}

export function LocalizedNavLink({ to, ...props }: NavLinkProps) {
  const { locale } = useLocale();
  return <NavLink to={localizedPath(to, locale)} {...props} />;
}

export function useLocalizedPath(): (path: string) => string {
  const { locale } = useLocale();
  return (path) => localizedPath(path, locale);
}
