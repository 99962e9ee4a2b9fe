// The users feature's public surface.
export { useUserInfo } from './useUserInfo';
