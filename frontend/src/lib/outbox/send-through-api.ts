/**
 * What the page's outbox needs of RTK Query, in a module of its own so that it loads with the
 * first command sent rather than with the first screen.
 */
export { api } from '../api/api';
export { commandsApi, COMMAND_INVALIDATES } from '../api/commands';
