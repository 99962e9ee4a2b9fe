// The activation feature's public surface: the settings' "Add base station" and the shell's probe
// activation dialog with its own opening rule.
export { AddBaseStationButton } from './AddBaseStationButton';
export { ProbeActivationAutoOpen, ACTIVATION_STATE } from './ProbeActivationAutoOpen';
export { ActivateProbesButton, AdminKitsLink } from './ActivationLinks';
