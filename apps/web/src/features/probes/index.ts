// The probes feature's public surface: how a probe's temperatures are drawn, which the probe
// detail shows too. The probe list page is not here: the shell loads it lazily from its own file.
export { TemperatureBar } from './TemperatureBar';
export { AboveAlertIcon } from './AboveAlertIcon';
export { MonitorAlertIcon } from './MonitorAlertIcon';
export { useTemperatureScale, type TemperatureScale } from './temperatureScale';
export { useTemperatureTone } from './useTemperatureTone';
export { TEMPERATURE_BAND_COLOURS, type BandColours } from './temperaturePalette';
export { BandTemperature } from './BandTemperature';
