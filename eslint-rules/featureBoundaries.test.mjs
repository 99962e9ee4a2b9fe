import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './featureBoundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const web = '/repo/apps/web/src';
const server = '/repo/apps/server/src';

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    // Inside one feature, anything goes.
    {
      filename: `${web}/features/probe-detail/history/HistoryTab.tsx`,
      code: "import { x } from '../probeDetailQueries';",
    },
    // Another feature through its index (folder or index file).
    { filename: `${web}/features/probes/ProbesPage.tsx`, code: "import { x } from '../sessions';" },
    { filename: `${server}/features/probes/index.ts`, code: "import { x } from '../users/index.js';" },
    { filename: `${server}/features/probes/index.ts`, code: "export { x } from '../users/index.js';" },
    // Shared libraries of the app and packages.
    { filename: `${web}/features/probes/ProbesPage.tsx`, code: "import { x } from '../../lib/formatDate';" },
    { filename: `${web}/features/probes/ProbesPage.tsx`, code: "import { x } from '@emberwatch/shared';" },
    // The layers under the features import each other and packages.
    { filename: `${server}/http/authenticate.ts`, code: "import { x } from './access/index.js';" },
    { filename: `${server}/realtime/wsGateway.ts`, code: "import { x } from '../http/access/index.js';" },
    { filename: `${server}/jobs/x.ts`, code: "import { x } from '@emberwatch/shared';" },
    // The shell may import features deeply (it mounts them).
    { filename: `${web}/app/appRoutes.tsx`, code: "const P = import('../features/probes/ProbesPage');" },
  ],
  invalid: [
    // The layers under the features never import one, not even through its index.
    ...['http/authenticate.ts', 'realtime/wsGateway.ts', 'kernel/Kernel.ts', 'db/schema.ts', 'jobs/x.ts'].map(
      (file) => ({
        filename: `${server}/${file}`,
        code: "import { X } from '../features/users/index.js';",
        errors: [{ messageId: 'layer' }],
      }),
    ),
    {
      filename: `${server}/http/access/index.ts`,
      code: "export { x } from '../../features/sessions/index.js';",
      errors: [{ messageId: 'layer' }],
    },
    {
      filename: `${web}/features/probes/ProbesPage.tsx`,
      code: "import { useUiPreferences } from '../sessions/useUiPreferences';",
      errors: [{ messageId: 'deep' }],
    },
    {
      filename: `${server}/features/probes/probeConfig.service.ts`,
      code: "import { AccessService } from '../users/access.service.js';",
      errors: [{ messageId: 'deep' }],
    },
    {
      filename: `${web}/features/probes/x/y.tsx`,
      code: "export * from '../../probe-detail/history/ProbeChart';",
      errors: [{ messageId: 'deep' }],
    },
    {
      filename: `${web}/features/settings/SettingsPage.tsx`,
      code: "import { useShellContext } from '../../app/AppShell';",
      errors: [{ messageId: 'shell' }],
    },
    {
      filename: `${server}/features/users/index.ts`,
      code: "import { composeFeatures } from '../../features.js';",
      errors: [{ messageId: 'shell' }],
    },
    {
      filename: `${web}/features/probes/ProbesPage.tsx`,
      code: "const M = import('../probe-detail/ProbeDetailPage');",
      errors: [{ messageId: 'deep' }],
    },
  ],
});
