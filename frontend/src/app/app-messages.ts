import { createContext } from 'react';

/**
 * Whether the signed-in app's messages (lib/catalog-parts.ts) are here. The locale root
 * downloads them once someone is signed in; signed-in pages and the signed-in parts of the
 * layout wait for them. Without a locale root (component tests) they are taken as here.
 */
export const AppMessagesReady = createContext(true);
