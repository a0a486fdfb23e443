import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait for what the screen shows as long as `vi.waitFor` and
// `expect.poll` do (tests/support/patient-waits.setup.ts), not Testing Library's 1 s: two cores
// shared with other builds miss that. A wait ends as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });
