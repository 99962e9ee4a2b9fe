import { differenceToDisplay, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { settingToDisplay } from '@emberwatch/shared/domain/temperatureSettingRange';
import { formatDecimal } from './formatDecimal';

/** A guide value given in °C ("from 65 °C"), as whole degrees of the user's unit ("149 °F"). */
export function formatGuideTemperature(celsius: number, unit: DegreesUnit): string {
  return `${formatDecimal(settingToDisplay(celsius, unit), 0)} °${unit}`;
}

/** A temperature difference given in °C ("5 °C cooler"), in the user's unit ("9 °F cooler"). */
export function formatTemperatureDifference(celsiusDelta: number, unit: DegreesUnit): string {
  return `${formatDecimal(differenceToDisplay(celsiusDelta, unit), 0)} °${unit}`;
}
