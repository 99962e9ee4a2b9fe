// Payments and renewals (issue 14 item 4, decision 0056): the account's Services tab shows the
// renewal buttons and hosts the checkout and renewal dialogs of its nested routes.
export { PaymentRouteDialog } from './PaymentDialog';
export { RenewalButtons } from './RenewalButtons';
