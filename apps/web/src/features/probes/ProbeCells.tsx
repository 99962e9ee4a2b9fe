import { useTranslation } from 'react-i18next';
import { MISSING_VALUE, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { isAboveAlert } from '@emberwatch/shared/domain/temperatureAlert';
import { SignalBars } from '../../ui/SignalBars';
import { BatteryGauge } from '../../ui/BatteryGauge';
import { formatDateTime } from '../../lib/formatDateTime';
import { formatAgeText } from './formatAgeText';
import type { ProbeRow } from './buildProbeRows';
import { formatVoltsText } from '../../lib/formatDecimal';
import { TemperatureBar } from './TemperatureBar';
import { AboveAlertIcon } from './AboveAlertIcon';
import { MonitorAlertIcon } from './MonitorAlertIcon';
import type { TemperatureScale } from './temperatureScale';
import './probeList.css';

/**
 * The pieces of one probe row, shared by the table (wide screens) and the cards (phones) so the
 * two layouts can never disagree about what a value means.
 */

/**
 * A probe's current temperatures: the multi-depth colour bar, the unit where no column header
 * names it (phone cards), the alert mark when any depth is above the user's alert temperature, and
 * the bell of a monitor's current alert on the probe.
 */
export function ProbeTemperature({
  row,
  unit,
  scale,
  showUnit = false,
}: {
  row: ProbeRow;
  unit: DegreesUnit;
  scale: TemperatureScale;
  showUnit?: boolean;
}) {
  const { t } = useTranslation();
  if (row.measTs === null) return <span>{MISSING_VALUE}</span>;
  // Spec doc 2 §4: a reading older than 7 days is not a current temperature, so it has no colour either.
  if (row.stale) {
    return (
      <span className="ew-probe-muted">
        {t('probes.notAvailable')}
        {row.monitorAlert && <MonitorAlertIcon />}
      </span>
    );
  }
  return (
    <span className="ew-probe-temp">
      <TemperatureBar
        temperatures={row.temperatures}
        unit={unit}
        colorStepsC={scale.colorStepsC}
        testId="probe-temp-bar"
      />
      {showUnit && <span className="ew-probe-temp__unit">{` °${unit}`}</span>}
      {isAboveAlert(row.temperatures, scale.alertC) && <AboveAlertIcon alertC={scale.alertC} unit={unit} />}
      {row.monitorAlert && <MonitorAlertIcon />}
    </span>
  );
}

export function ProbeAge({
  row,
  dateFormat,
  timeFormat,
}: {
  row: ProbeRow;
  dateFormat: string;
  timeFormat: string;
}) {
  const { t } = useTranslation();
  if (row.measTs === null || row.ageSeconds === null) {
    return (
      <span className="ew-probe-muted" title={t('probes.noReading')}>
        {MISSING_VALUE}
      </span>
    );
  }
  const when = t('probes.lastReadingAt', { time: formatDateTime(row.measTs, dateFormat, timeFormat) });
  const title = row.over24h ? `${when}. ${t('probes.over24h')}` : when;
  // A native tooltip: the MUI Tooltip and its popper would cost ~10 kB gzipped on the entry page;
  // phones show the absolute time as text in the card layout instead.
  return (
    <span
      title={title}
      data-over24h={row.over24h ? 'true' : 'false'}
      // Spec doc 2 §4: older than 24 h is highlighted.
      className={row.over24h ? 'ew-probe-age ew-probe-age--over24h' : 'ew-probe-age'}
    >
      {formatAgeText(row.ageSeconds, t)}
    </span>
  );
}

export function ProbeSignal({ row }: { row: ProbeRow }) {
  const { t } = useTranslation();
  const label =
    row.signal === -2
      ? t('signal.none')
      : row.signal === -1
        ? t('signal.noSignal')
        : t('signal.bars', { level: row.signal });
  return <SignalBars level={row.signal} label={label} />;
}

export function ProbeBattery({ row }: { row: ProbeRow }) {
  const { t } = useTranslation();
  const volts = formatVoltsText(row.batteryCentivolts);
  const label =
    row.batteryCentivolts === null
      ? t('battery.unknown')
      : row.batteryLow
        ? t('battery.low', { volts })
        : t('battery.level', { volts });
  return (
    <BatteryGauge
      level={row.battery}
      low={row.batteryLow}
      text={row.batteryCentivolts === null ? MISSING_VALUE : `${volts} V`}
      label={label}
    />
  );
}
