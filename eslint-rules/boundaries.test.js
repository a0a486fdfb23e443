import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import boundaries, { ROOT } from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const at = (path) => join(ROOT, path);
const zones = [
  { from: 'frontend/src/features/*', forbid: ['frontend/src/features/*'], reason: 'features stay apart' },
  { from: 'frontend/src/lib', forbid: ['frontend/src/features', 'frontend/src/app'], reason: 'lib is below' },
  { from: 'query-api', forbid: ['projector', 'command-api'], reason: 'services stay apart' },
  { from: 'contracts', forbid: ['platform'], reason: 'contracts import no workspace' },
];
const options = [{ zones }];
/** An import in `path` that the rule reports as a crossing. */
const crossing = (code, path) => ({ code, filename: at(path), options, errors: [{ messageId: 'crossing' }] });

tester.run('boundaries', boundaries, {
  valid: [
    { code: "import { a } from '../form';", filename: at('frontend/src/features/debt/routes/page.tsx'), options },
    { code: "import { a } from '../../../lib/format';", filename: at('frontend/src/features/debt/x/y.ts'), options },
    { code: "import { a } from '../ui/button';", filename: at('frontend/src/lib/a.ts'), options },
    { code: "import { a } from '@plenty/contracts/money';", filename: at('query-api/src/a.ts'), options },
    { code: "import { a } from 'react';", filename: at('frontend/src/lib/a.ts'), options },
    { code: "import { a } from '@plenty/projector/runtime';", filename: at('standalone/src/app.ts'), options },
  ],
  invalid: [
    {
      code: "import { history } from '../../debt/history';",
      filename: at('frontend/src/features/activity/routes/activity-page.tsx'),
      options,
      errors: [
        {
          messageId: 'crossing',
          data: {
            importer: 'frontend/src/features/activity',
            imported: 'frontend/src/features/debt',
            reason: 'features stay apart',
          },
        },
      ],
    },
    crossing("export { x } from '../features/debt/form';", 'frontend/src/lib/a.ts'),
    crossing("const page = import('../../app/shell');", 'frontend/src/lib/api/a.ts'),
    {
      code: "import { bulkReplay } from '@plenty/projector/bulk-replay';",
      filename: at('query-api/src/as-of/as-of.ts'),
      options,
      errors: [
        {
          messageId: 'crossing',
          data: { importer: 'query-api', imported: 'projector', reason: 'services stay apart' },
        },
      ],
    },
    crossing("import { x } from '../../command-api/src/app.js';", 'query-api/src/app.ts'),
    crossing("import { x } from '@plenty/platform/log';", 'contracts/src/ids.ts'),
  ],
});
