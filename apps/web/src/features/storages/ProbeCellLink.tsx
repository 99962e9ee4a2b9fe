import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import {
  isDiagnosticMode,
  type LayoutViewMode,
} from '@emberwatch/shared/domain/storageLayout/layoutViewModes';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { settingToDisplay } from '@emberwatch/shared/domain/temperatureSettingRange';
import { formatTemperatureText } from '../../lib/formatDecimal';
import { probeDetailPath } from '../probe-detail';
import { isAboveAlert } from '@emberwatch/shared/domain/temperatureAlert';
import { AboveAlertIcon, MonitorAlertIcon, useTemperatureScale } from '../probes';
import { cellDisplay } from './layoutModes';
import type { StorageProbeInfo } from './useStorageProbeInfo';
import { useCellTooltip } from './useCellTooltip';

/**
 * One probe in a layout cell (spec doc 3 §2 "Storage detail"): in mode 1 its hottest depth written
 * out and coloured by the user's colour steps, in the admin modes 5–8 its signal, battery or data
 * age (layoutModes.cellDisplay); every depth in a tooltip (hover, focus, or a tap on a phone), and a
 * link to the probe's detail inside the storage. A probe with a monitor's current alert is ringed in
 * red with a bell (spec doc 3 §9: the storage views mark probes in alert). In the temperature modes a
 * probe above the user's alert temperature carries the flame too, as in the probe list: its colour is
 * never the only sign that it is hot (decision 0138).
 */
export function ProbeCellLink({
  probe,
  itemID,
  unit,
  colorStepsC,
  size,
  mode = 1,
  nowS,
}: {
  probe: StorageProbeInfo;
  itemID: number;
  unit: DegreesUnit;
  colorStepsC: readonly number[];
  size: number;
  mode?: LayoutViewMode;
  /** Now, epoch seconds: the admin modes show ages and fade old readings. */
  nowS: number;
}) {
  const { t } = useTranslation();
  const display = cellDisplay(mode, probe, { unit, colorStepsC, nowS, t });
  const { alertC } = useTemperatureScale();
  const hot =
    !isDiagnosticMode(mode) && probe.temperatures !== null && isAboveAlert(probe.temperatures, alertC);
  const hotLabel = t('probes.aboveAlert', { limit: `${settingToDisplay(alertC, unit)} °${unit}` });
  const label = probe.name ?? probe.id;
  const tooltip = useCellTooltip(() => {
    const depths =
      probe.temperatures === null || probe.temperatures.length === 0 ? (
        t('storageDetail.noReading')
      ) : (
        <span data-testid={`depths-${probe.id}`}>
          {probe.temperatures.map((tenths, i) => (
            <span key={i} style={{ display: 'block' }}>
              {t('storageDetail.depth', { n: i + 1, value: formatTemperatureText(tenths, unit, true) })}
            </span>
          ))}
        </span>
      );
    return (
      <>
        <strong style={{ display: 'block' }}>{label}</strong>
        {depths}
        {probe.alert && <span style={{ display: 'block' }}>{t('probes.monitorAlert')}</span>}
      </>
    );
  });
  return (
    <>
      <Box
        component={RouterLink}
        {...tooltip.anchorProps}
        to={probeDetailPath(probe.id, String(itemID))}
        aria-label={[
          t(mode === 1 ? 'storageDetail.cellLabel' : 'storageDetail.cellValue', {
            name: label,
            value: display.valueText,
          }),
          ...(hot ? [hotLabel] : []),
          ...(probe.alert ? [t('probes.monitorAlert')] : []),
        ].join(', ')}
        data-hot={hot ? 'true' : undefined}
        data-alert={probe.alert ? 'true' : undefined}
        data-testid={`cell-${probe.id}`}
        data-band={display.band}
        onClick={(e: React.MouseEvent) => {
          // On a touch screen there is no hover: the first tap shows the depths, a second opens the probe.
          if (tooltip.lastPointer.current === 'touch' && !tooltip.open) {
            e.preventDefault();
            tooltip.show(e.currentTarget as HTMLElement);
          }
        }}
        sx={{
          // The cell size is the least side: a cell grows to its value and name (decision 0078).
          // On a phone never under 44 px: a finger's target (decision 0138).
          minWidth: { xs: Math.max(size, 44), sm: size },
          minHeight: { xs: Math.max(size, 44), sm: size },
          boxSizing: 'border-box',
          px: 0.5,
          py: 0.25,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 1,
          bgcolor: display.colours.fill,
          color: display.colours.onFill,
          opacity: display.opacity,
          textDecoration: 'none',
          fontSize: '0.75rem',
          lineHeight: 1.2,
          // A probe in alert is ringed in red and carries the bell, whatever the mode shows.
          ...(probe.alert && { border: '3px solid', borderColor: 'error.main' }),
          '&:hover, &:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        {/* The value is written whole on one line: the cell is never narrower than it. */}
        <Box
          component="span"
          data-testid="cell-value"
          sx={{
            fontWeight: 600,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.25,
            whiteSpace: 'nowrap',
          }}
        >
          {display.text}
          {hot && <AboveAlertIcon alertC={alertC} unit={unit} fontSize="0.8rem" />}
          {probe.alert && <MonitorAlertIcon fontSize="0.8rem" />}
        </Box>
        {/* The name widens the cell while the level has room; past that it wraps, anywhere if it
            must, onto two lines at most and ends in an ellipsis. The tooltip has it whole. */}
        <Box
          component="span"
          data-testid="cell-name"
          sx={{
            fontSize: '0.65rem',
            maxWidth: '100%',
            textAlign: 'center',
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {label}
        </Box>
      </Box>
      {tooltip.popup}
    </>
  );
}
