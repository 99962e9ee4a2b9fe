// The local stand-ins for the outside providers (decision 0086), for the scripts and the tests. Product
// code never imports this package (the lint refuses it): the server reaches them through the same
// settings it uses for the real providers.
export { startStandIns, STAND_IN_NAMES } from './standIns.js';
export type { StandIns, StandInName, StandInOptions } from './standIns.js';
export { startFakeStripe, stripeSignature } from './stripe/fakeStripe.js';
export type { FakeStripe, FakeStripeOptions } from './stripe/fakeStripe.js';
export { luhnValid, cardOutcome, TEST_CARDS } from './stripe/testCards.js';
export { startLocalSmtpServer } from './smtp/localSmtpServer.js';
export type { LocalSmtpServer, ReceivedMail } from './smtp/localSmtpServer.js';
export { startFakeSmsProvider } from './sms/fakeSmsProvider.js';
export type { FakeSmsProvider, FakeProviderMessage } from './sms/fakeSmsProvider.js';
export { twilioSignature } from './sms/twilioSignature.js';
export { startFakeSimOperator, standInSims, withCheckDigit } from './sim-operator/fakeSimOperator.js';
export type { FakeSimOperator, OperatorSim, OperatorSimState } from './sim-operator/fakeSimOperator.js';
