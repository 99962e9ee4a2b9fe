/**
 * Fan controllers (spec doc 3 §3 "Fan controller status", doc 2 §3 "RC unit"): a field controller
 * (FC) drives one fan; an RC unit drives several channels. Registries are `Record<ControllerType, …>`
 * with `satisfies`, so a new controller type fails the build until each registry knows it.
 */
export const CONTROLLER_TYPES = ['FC', 'RC'] as const;
export type ControllerType = (typeof CONTROLLER_TYPES)[number];

export interface ControllerTypeInfo {
  /** Channels a unit of this type can drive. */
  maxChannels: number;
}

export const CONTROLLER_TYPE_INFO = {
  FC: { maxChannels: 1 },
  RC: { maxChannels: 8 },
} as const satisfies Record<ControllerType, ControllerTypeInfo>;
