// The delivery feature's public surface: a storage's delivery log, which the storage's monitor tab shows.
export { DeliveryLog } from './DeliveryLog';
