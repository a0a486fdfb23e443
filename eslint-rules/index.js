import boundaries from './boundaries.js';
import noCopiedConstants from './no-copied-constants.js';

/** The project's own lint rules (`plenty/…`), for what no published plugin checks. */
export default {
  meta: { name: 'eslint-plugin-plenty' },
  rules: { boundaries, 'no-copied-constants': noCopiedConstants },
};
