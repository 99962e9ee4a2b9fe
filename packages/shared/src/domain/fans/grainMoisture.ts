/**
 * What outdoor air does to stored grain's moisture (beyond the spec, issue 13 item 2): grain held in
 * air of a given temperature and relative humidity moves towards that air's equilibrium moisture
 * content (EMC). Aerating with air whose EMC is above the grain's safe storage moisture wets the
 * grain at the inlet, where it then moulds, so such air is refused even when it is cold.
 *
 * EMC by the modified Henderson equation, 1 − RH = exp(−A·(T + C)·M^N), with M in % dry basis, and
 * the constants of yellow dent corn in ASAE D245.5 (Moisture relationships of plant-based
 * agricultural products): A = 8.6541e-5, C = 49.81, N = 1.8634. Corn's curve lies within about one
 * point of wheat's and barley's in the aeration range (5–30 °C, 40–90 % RH); the product does not yet
 * know which cereal a bin holds. docs/decisions/0037-fan-control.md.
 */
const A = 8.6541e-5;
const C = 49.81;
const N = 1.8634;

/**
 * Ours: the moisture (% wet basis) cereals keep safely through a season of storage with aeration —
 * 14 % for maize and wheat in the extension services' tables (12–13 % for storage beyond a year).
 */
export const GRAIN_SAFE_MOISTURE_WB = 14;
/** Ours: air already accepted stays accepted until its EMC passes the limit by this much (% points). */
export const GRAIN_MOISTURE_HYSTERESIS = 0.5;

/**
 * The equilibrium moisture content, % wet basis, of corn in air at `tempC` and `rhPercent`; null
 * outside the model's range (below −10 °C, or humidity not strictly between 0 and 100 %).
 */
export function grainEquilibriumMoisture(tempC: number, rhPercent: number): number | null {
  if (!(rhPercent > 0 && rhPercent < 100) || tempC < -10 || tempC > 60) return null;
  const rh = rhPercent / 100;
  const dry = (-Math.log(1 - rh) / (A * (tempC + C))) ** (1 / N);
  return (100 * dry) / (100 + dry);
}
