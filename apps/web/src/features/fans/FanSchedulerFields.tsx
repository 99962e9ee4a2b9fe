import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** A scheduler's settings: a fan rule's (spec doc 3 §3) or an RC unit's own. */
export interface FanSchedule {
  schedulerEnabled: boolean;
  disabledHours: [number, number][];
  reverseDisabled: boolean;
}

const HOURS = Array.from({ length: 25 }, (_, h) => h);

/** Weekday names, Monday first, in the user's language (the scheduler's rows). */
export function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  // 5 January 1970 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(1970, 0, 5 + i))));
}

/**
 * The scheduler's fields (spec doc 3 §3): on or off, from and to hours per weekday in the station's
 * time — equal hours leave a day unrestricted, 0–24 holds it all day, from > to runs across midnight
 * (decision 0037) — and reverseDisabled, which makes the hours the only ones the fans may run.
 */
export function FanSchedulerFields({
  value,
  error,
  onChange,
}: {
  value: FanSchedule;
  /** The save rule's message (seven free or seven 0–24 days), if it is broken. */
  error: string | undefined;
  onChange: (patch: Partial<FanSchedule>) => void;
}) {
  const { t, i18n } = useTranslation();
  const days = weekdayNames(i18n.language);
  const form = value;
  const set = onChange;
  const setHour = (day: number, end: 0 | 1, hour: number) =>
    set({
      disabledHours: form.disabledHours.map((pair, i): [number, number] => {
        if (i !== day) return pair;
        return end === 0 ? [hour, pair[1]] : [pair[0], hour];
      }),
    });
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={form.schedulerEnabled}
            onChange={(e) => set({ schedulerEnabled: e.target.checked })}
          />
        }
        label={t('monitors.fanRule.scheduler.enabled')}
      />
      {form.schedulerEnabled && (
        <Stack spacing={1} data-testid="fan-scheduler">
          <FormControlLabel
            control={
              <Checkbox
                checked={form.reverseDisabled}
                onChange={(e) => set({ reverseDisabled: e.target.checked })}
              />
            }
            label={t('monitors.fanRule.scheduler.reverse')}
          />
          <Typography variant="body2" color="text.secondary">
            {form.reverseDisabled
              ? t('monitors.fanRule.scheduler.reverseHelp')
              : t('monitors.fanRule.scheduler.help')}
          </Typography>
          {days.map((day, i) => {
            const [from, to] = form.disabledHours[i] ?? [0, 0];
            return (
              <Box
                key={day}
                role="group"
                aria-label={day}
                sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
              >
                <Typography variant="body2" sx={{ width: 110 }}>
                  {day}
                </Typography>
                <HourSelect
                  label={t('monitors.fanRule.scheduler.from')}
                  value={from}
                  onChange={(h) => setHour(i, 0, h)}
                />
                <HourSelect
                  label={t('monitors.fanRule.scheduler.to')}
                  value={to}
                  onChange={(h) => setHour(i, 1, h)}
                />
                <Typography variant="caption" color="text.secondary">
                  {from === to
                    ? t('monitors.fanRule.scheduler.free')
                    : from === 0 && to === 24
                      ? t('monitors.fanRule.scheduler.allDay')
                      : from > to
                        ? t('monitors.fanRule.scheduler.overMidnight')
                        : ''}
                </Typography>
              </Box>
            );
          })}
          {error && (
            <Alert severity="error" data-testid="fan-scheduler-error">
              {error}
            </Alert>
          )}
        </Stack>
      )}
    </Box>
  );
}

function HourSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (hour: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 84 }}
    >
      {HOURS.map((h) => (
        <MenuItem key={h} value={String(h)}>
          {String(h).padStart(2, '0')}
        </MenuItem>
      ))}
    </TextField>
  );
}
