import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import SensorsOff from '@mui/icons-material/SensorsOff';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { EmptyState } from '../../ui/EmptyState';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useSelectedStation } from '../base-stations';
import { useUiPreferences } from '../sessions';
import { ProbeTable } from './ProbeTable';
import { useProbeRows } from './useProbeRows';
import { useTemperatureScale } from './temperatureScale';

/** Drawn again only when its rows or settings change, not with every render of the page. */
const ProbeList = memo(ProbeTable);

export function ProbesPage() {
  const { t } = useTranslation();
  const { selected, groupIds } = useSelectedStation();
  const prefs = useUiPreferences();
  const scale = useTemperatureScale();
  const { rows, isLoading, error, refetch } = useProbeRows(groupIds);

  if (!selected) return <EmptyState icon={<SensorsOff />} text={t('stations.none')} />;
  if (error) return <LoadErrorAlert error={error} onRetry={refetch} />;
  if (isLoading) return <LoadingIndicator label={t('common.loading')} />;
  if (rows.length === 0) return <EmptyState icon={<SensorsOff />} text={t('probes.empty')} />;

  return (
    // Keyed by station: another station's list starts on its first page.
    <ProbeList
      key={selected.bs_id}
      rows={rows}
      unit={unitOf(prefs.degrees)}
      scale={scale}
      dateFormat={prefs.date_format}
      timeFormat={prefs.time_format}
    />
  );
}
