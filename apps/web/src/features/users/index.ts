// The users feature's public surface.
export { useUserInfo, userInfoQuery } from './userQueries';
