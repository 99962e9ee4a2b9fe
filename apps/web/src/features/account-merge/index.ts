// The account-merge feature's public surface: the Merge account button of the base-station settings'
// station tools (decision 0101).
export { MergeAccountButton } from './MergeAccountButton';
