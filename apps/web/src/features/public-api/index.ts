export { ApiKeysSection } from './ApiKeysSection';
