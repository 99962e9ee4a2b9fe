import './locale';

export { VerificationTab, type VerificationTabProps } from './VerificationTab';
