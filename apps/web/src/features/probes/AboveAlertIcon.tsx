import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import { settingToDisplay, type DegreesUnit } from '@emberwatch/shared';

/**
 * The mark of a probe above the user's alert temperature: an icon with a text alternative (a
 * colour alone would not reach colour-blind readers or screen readers). The limit is written as the
 * user set it in Settings: whole degrees of their unit.
 */
export function AboveAlertIcon({
  alertC,
  unit,
  fontSize = '1.25rem',
}: {
  alertC: number;
  unit: DegreesUnit;
  fontSize?: string;
}) {
  const { t } = useTranslation();
  const label = t('probes.aboveAlert', { limit: `${settingToDisplay(alertC, unit)} °${unit}` });
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-testid="above-alert"
      sx={{ display: 'inline-flex', verticalAlign: 'middle', color: 'error.main', fontSize }}
    >
      <LocalFireDepartment fontSize="inherit" aria-hidden />
    </Box>
  );
}
