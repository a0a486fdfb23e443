/**
 * Messages that ship with their pages, of one language, parsed at build time: every
 * `virtual:plenty-<name>-messages/<locale>` module of `PAGE_MESSAGES` in vite.config.ts.
 */
declare module 'virtual:plenty-*' {
  import type { MessageFormatElement } from 'react-intl';
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
