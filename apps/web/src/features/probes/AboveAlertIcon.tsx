import { useTranslation } from 'react-i18next';
import LocalFireDepartment from '@mui/icons-material/LocalFireDepartment';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { settingToDisplay } from '@emberwatch/shared/domain/temperatureSettingRange';
import { MarkIcon } from './MarkIcon';

/**
 * The mark of a probe above the user's alert temperature. The limit is written as the user set it
 * in Settings: whole degrees of their unit.
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
    <MarkIcon label={label} testId="above-alert" fontSize={fontSize}>
      <LocalFireDepartment fontSize="inherit" aria-hidden />
    </MarkIcon>
  );
}
