import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { noStandIns } from './noStandIns.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const server = '/repo/apps/server/src';
const web = '/repo/apps/web/src';
const error = [{ messageId: 'standIn' }];

tester.run('no-stand-ins', noStandIns, {
  valid: [
    // The server's own provider clients, and its packages.
    {
      filename: `${server}/features/delivery/index.ts`,
      code: "import { x } from './channels/standInPlay.js';",
    },
    { filename: `${server}/features/payments/stripeClient.ts`, code: "import Stripe from 'stripe';" },
    {
      filename: `${web}/features/payments/CheckoutPage.tsx`,
      code: "import { x } from '@emberwatch/shared';",
    },
    // A name that only looks alike.
    { filename: `${server}/main.ts`, code: "import { x } from '@emberwatch/stand-insight';" },
    { filename: `${server}/main.ts`, code: "import { x } from './stand-ins.js';" },
    // Tests, scripts, the e2e specs and the bench start the stand-ins: they may import them.
    {
      filename: '/repo/apps/server/test/support/testApp.ts',
      code: "import { x } from '@emberwatch/stand-ins';",
    },
    { filename: '/repo/e2e/global-setup.ts', code: "import { x } from '../stand-ins/src/index.js';" },
    { filename: '/repo/bench/delivery/run.ts', code: "import { x } from '@emberwatch/stand-ins';" },
    { filename: '/repo/stand-ins/src/main.ts', code: "import { x } from './standIns.js';" },
  ],
  invalid: [
    {
      filename: `${server}/features/delivery/index.ts`,
      code: "import { x } from '@emberwatch/stand-ins';",
      errors: error,
    },
    {
      filename: `${server}/main.ts`,
      code: "import { x } from '@emberwatch/stand-ins/src/standIns.js';",
      errors: error,
    },
    {
      filename: `${server}/features/payments/index.ts`,
      code: "export * from '../../../../../stand-ins/src/index.js';",
      errors: error,
    },
    { filename: `${server}/config.ts`, code: "export { x } from '../../../stand-ins';", errors: error },
    {
      filename: `${web}/features/payments/stripe.ts`,
      code: "const m = import('@emberwatch/stand-ins');",
      errors: error,
    },
    {
      filename: `${web}/lib/x.ts`,
      code: "import { testCards } from '@emberwatch/stand-ins';",
      errors: error,
    },
  ],
});
