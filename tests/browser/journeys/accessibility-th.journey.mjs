import { checkAccessibility } from '../support/accessibility.mjs';

/** Every page in Thai, both themes, guest and signed in: no serious axe-core finding. */
export default async function accessibility(options) {
  await checkAccessibility(options, 'th');
}
