import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cycleProgressTickMs } from '@emberwatch/shared/domain/fans/fanCycle';
import { unitOf, type DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useUiPreferences } from '../sessions';
import { FanChannelCard } from './FanChannelCard';
import { useFcItems, useSetFanCommand } from './fanQueries';

/**
 * The status and manual commands of fan controllers' channels, read from the server and refreshed
 * every poll interval. The caller says whether the user may switch fans (driveFan) and which cycle
 * span it shows, so that a cycle's progress moves every 10, 30 or 60 s (spec doc 3 §4).
 */
export function FanControllerPanel(props: {
  fcIds: readonly string[];
  mayDrive: boolean;
  cycleSpan?: number;
}) {
  return <FanControllerList {...props} unit={unitOf(useUiPreferences().degrees)} />;
}

/** The panel with the unit given (the panel takes the user's). */
export function FanControllerList({
  fcIds,
  mayDrive,
  unit,
  cycleSpan = 60,
}: {
  fcIds: readonly string[];
  mayDrive: boolean;
  unit: DegreesUnit;
  cycleSpan?: number;
}) {
  const { t } = useTranslation();
  const nowS = useNowSeconds(cycleProgressTickMs(cycleSpan));
  const items = useFcItems(fcIds);
  const command = useSetFanCommand();
  if (fcIds.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('fans.none')}
      </Typography>
    );
  if (items.isError) return <Alert severity="error">{t('fans.loadFailed')}</Alert>;
  if (!items.data)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('fans.loading')}
      </Typography>
    );
  return (
    <Stack spacing={1} data-testid="fan-panel">
      {items.data.map((item) => {
        const mine = command.variables?.fcId === item.FC_ID && command.variables.channel === item.channel;
        return (
          <FanChannelCard
            key={`${item.FC_ID}:${item.channel}`}
            item={item}
            unit={unit}
            nowS={nowS}
            mayDrive={mayDrive}
            busy={mine && command.isPending}
            failed={mine && command.isError}
            onCommand={(choice) => command.mutate({ fcId: item.FC_ID, channel: item.channel, choice })}
          />
        );
      })}
    </Stack>
  );
}
