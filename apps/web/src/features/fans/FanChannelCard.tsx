import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { FcItem } from '@emberwatch/shared/contracts/fans';
import { operationModeLabel } from '@emberwatch/shared/domain/fans/fanDisplay';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { cycleProgress, fanExplanation } from './fanExplanation';
import type { FanCommandChoice } from './fanQueries';

export interface FanChannelCardProps {
  item: FcItem;
  unit: DegreesUnit;
  nowS: number;
  /** The user may switch fans (domain/fans/fanRights.ts driveFan). */
  mayDrive: boolean;
  busy?: boolean;
  failed?: boolean;
  onCommand: (choice: FanCommandChoice) => void;
}

/**
 * One controller channel (spec doc 3 §4 "Fan controller display"): online or offline, the operation
 * mode (AUTO / STOP / RUN), what the fan does and why, a cyclic rule's progress, and the manual
 * command — auto, off, on; auto is not offered for a manual-control rule (spec doc 1 §4).
 */
export function FanChannelCard({ item, unit, nowS, mayDrive, busy, failed, onCommand }: FanChannelCardProps) {
  const { t } = useTranslation();
  // The explanation's keys are checked against the locales by FAN_*_KEYS (test); their union with
  // different interpolations is more than i18next's overloads resolve, so they are translated plainly.
  const translate = t as unknown as (key: string, values?: Record<string, string>) => string;
  const { display, why } = fanExplanation(item, unit);
  const cycle = cycleProgress(item, nowS);
  const name = item.name ?? item.FC_ID;
  const title = item.channels > 1 ? t('fans.channelName', { name, channel: item.channel }) : name;
  const choice: FanCommandChoice = !item.isManual ? 'auto' : item.manualCommand === 1 ? 'on' : 'off';
  const offline = item.connectionStatus.isOffline;
  const manualRule = item.ruleType === 'MANUAL_CONTROL';
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5 }}
      data-testid={`fan-${item.FC_ID}-${item.channel}`}
      aria-label={title}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {offline ? (
          <Chip size="small" color="warning" label={t('fans.offline')} data-testid="fan-offline" />
        ) : (
          <Chip
            size="small"
            variant="outlined"
            title={t('fans.operationMode')}
            label={operationModeLabel(item.fc_mode)}
            data-testid="fan-mode"
          />
        )}
        <Chip
          size="small"
          color={item.command === 1 ? 'success' : 'default'}
          label={item.command === 1 ? t('fans.command.on') : t('fans.command.off')}
          data-testid="fan-command"
        />
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="fan-display">
        {translate(display.key)}
      </Typography>
      {why.map((line) => (
        <Typography
          key={line.key}
          variant="caption"
          component="p"
          color="text.secondary"
          data-testid="fan-why"
        >
          {translate(line.key, line.values)}
        </Typography>
      ))}
      {cycle && (
        <Box sx={{ mt: 1 }} data-testid="fan-cycle">
          <Typography variant="caption" color="text.secondary">
            {t('fans.cycle', { minutes: cycle.minutes, span: cycle.span, on: cycle.on })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={cycle.percent}
            aria-label={t('fans.cycle', { minutes: cycle.minutes, span: cycle.span, on: cycle.on })}
          />
        </Box>
      )}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={choice}
        disabled={!mayDrive || busy}
        aria-label={t('fans.command.label')}
        onChange={(_e, value: FanCommandChoice | null) => {
          if (value && value !== choice) onCommand(value);
        }}
        sx={{ mt: 1 }}
      >
        {!manualRule && <ToggleButton value="auto">{t('fans.command.auto')}</ToggleButton>}
        <ToggleButton value="off">{t('fans.command.off')}</ToggleButton>
        <ToggleButton value="on">{t('fans.command.on')}</ToggleButton>
      </ToggleButtonGroup>
      {item.appliedRev !== item.rev && !offline && (
        <Typography variant="caption" component="p" color="text.secondary" data-testid="fan-pending">
          {t('fans.command.pending')}
        </Typography>
      )}
      {failed && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('fans.command.failed')}
        </Alert>
      )}
    </Paper>
  );
}
