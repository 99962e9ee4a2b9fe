import type { FastifyInstance } from 'fastify';
import { paymentEndpoints } from '@emberwatch/shared/contracts/payments';
import { actorOf, type Authenticate } from '../../http/authenticate.js';
import { route } from '../../http/route.js';
import type { PaymentsService } from './payments.service.js';

/** The provider's webhook is not an API call: kept out of the API's document. */
const HIDDEN = { schema: { hide: true } };

/** Payments' calls (decision 0056); the service checks who may pay for which account. */
export function paymentsRoutes(ctx: { authenticate: Authenticate; payments: PaymentsService }) {
  return (app: FastifyInstance): void => {
    // Stripe signs the exact bytes it sends: the webhook reads its body raw, in a scope of its own.
    void app.register((hook, _opts, next) => {
      hook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 256 * 1024 },
        (_req, body, done) => done(null, body),
      );
      hook.post('/stripe/webhook', HIDDEN, (req) => {
        const sig = req.headers['stripe-signature'];
        return ctx.payments.webhook(req.body as Buffer, typeof sig === 'string' ? sig : undefined);
      });
      next();
    });

    void app.register((api, _opts, next) => {
      api.addHook('preValidation', ctx.authenticate);
      // Orders and keys stay out of every cache.
      api.addHook('onRequest', (_req, reply, done) => {
        void reply.header('cache-control', 'no-store');
        done();
      });
      route(api, paymentEndpoints.getUpgradeInfo).handle((req) =>
        ctx.payments.info(actorOf(req), req.query.UID),
      );
      route(api, paymentEndpoints.getRenewalInfo).handle((req) =>
        ctx.payments.renewalInfo(actorOf(req), req.query.U_ID),
      );
      route(api, paymentEndpoints.charge).handle((req) => ctx.payments.charge(actorOf(req), req.body));
      route(api, paymentEndpoints.confirmPayment).handle((req) =>
        ctx.payments.confirm(actorOf(req), req.body),
      );
      route(api, paymentEndpoints.invoiceRequest).handle((req) =>
        ctx.payments.invoice(actorOf(req), req.body),
      );
      route(api, paymentEndpoints.setPlanInfo).handle((req) =>
        ctx.payments.setPlanInfo(actorOf(req), req.body),
      );
      route(api, paymentEndpoints.invoicePdf).handle((req) =>
        ctx.payments.invoicePdf(actorOf(req), req.query.invoice_id, req.query.UID),
      );
      next();
    });
  };
}
