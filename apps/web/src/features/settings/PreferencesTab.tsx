import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { format } from 'date-fns';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  DATE_FORMATS,
  LANGUAGES,
  TIME_FORMATS,
  type Language,
  type UiPreferences,
} from '@emberwatch/shared/contracts/preferences';
import {
  canSeeAlertSettings,
  canSeeBatchDefaults,
  canSeeHandleTempToggle,
  handleTempForcedOff,
} from '@emberwatch/shared/domain/settingsVisibility';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import {
  SAFETY_ALERT_LIMIT_C,
  settingToDisplay,
  validateChartRange,
  validateColorSteps,
  validateTemperatureSetting,
} from '@emberwatch/shared/domain/temperatureSettingRange';
import { changeLanguage } from '../../i18n/i18n';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { useShellContext } from '../../lib/shellContext';
import { useSelectedStation, useStationData } from '../base-stations';
import { useSessionInfo, useUiPreferences } from '../sessions';
import { useUserInfo } from '../users';
import { PushAlertsSection } from '../push';
import { DataBreakDelaySection } from '../data-breaks';
import { BatchDefaultsSection } from '../batches';
import { PreferenceSelect } from './PreferenceSelect';
import { TemperatureFields } from './TemperatureFields';
import { useSavePreferences } from './useSavePreferences';
import { useSettingsFeedback } from './SettingsFeedback';

// A fixed day (1 March, 14:05) shows what each pattern looks like without depending on today.
const SAMPLE_DATE = new Date(2025, 2, 1, 14, 5);

/** A date or time pattern as the sample day in it, then the pattern: "01/03/2025 (dd/MM/yyyy)". */
const patternLabel = (pattern: string) => `${format(SAMPLE_DATE, pattern)} (${pattern})`;

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 2, fontSize: '1.1rem' }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Paper>
  );
}

/** One setting of a section: its name, a sentence saying what it does, then its fields. */
function Setting({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {text}
      </Typography>
      {children}
    </div>
  );
}

/** Spec doc 1 §2 "Settings view groups": general, alert and display settings. */
export function PreferencesTab() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  const session = useSessionInfo().data;
  const user = useUserInfo(session?.UID).data;
  const prefs = useUiPreferences();
  const unit = unitOf(prefs.degrees);
  const save = useSavePreferences({ admin: session?.admin ?? false, demo: user?.demo ?? false });
  const { confirm } = useSettingsFeedback();

  // "Has temperature data": the selected station reports readings (the probe list's cached query).
  const { selected } = useSelectedStation();
  const readings = useStationData(selected?.bs_id);
  const hasTemperatureData = (readings.data?.results.length ?? 0) > 0;
  const forcedOff = handleTempForcedOff(roleContext);

  const set = <K extends keyof UiPreferences>(key: K, value: UiPreferences[K]) => save({ [key]: value });

  const onLanguage = async (lang: Language) => {
    // An admin is asked before anything changes, in words that name the change (a bare "Are you
    // sure?" over a page already in the new language asked nothing).
    const confirmed =
      session?.admin === true &&
      (await confirm(t('settings.confirm.language', { language: LANGUAGE_NAMES[lang] })));
    if (session?.admin && !confirmed) return;
    // The interface switches at once (translations load, the language cookie is set) while the
    // choice is saved; a refused save switches back. Neither waits for the other.
    const previous = prefs.language;
    void changeLanguage(lang, { remember: true });
    const ok = await save({ language: lang }, { confirmed });
    if (!ok) void changeLanguage(previous, { remember: true });
  };

  const single = (label: string, key: 'safety_alert' | 'temperature_alert', testId: string) => (
    <TemperatureFields
      testId={testId}
      valuesC={[prefs[key]]}
      unit={unit}
      labels={[label]}
      validate={([text]) => ({ fields: [validateTemperatureSetting(text ?? '', unit)], group: null })}
      onCommit={([c]) => set(key, c ?? prefs[key])}
    />
  );

  return (
    <Stack spacing={2}>
      <Section title={t('settings.preferences.general')} testId="settings-general">
        <PreferenceSelect<Language>
          id="settings-language"
          label={t('settings.preferences.language')}
          value={prefs.language}
          options={LANGUAGES}
          optionLabel={(l) => LANGUAGE_NAMES[l]}
          onChange={(l) => void onLanguage(l)}
          testId="settings-language"
          optionLang
        />
        <PreferenceSelect<UiPreferences['date_format']>
          id="settings-date-format"
          label={t('settings.preferences.dateFormat')}
          value={prefs.date_format}
          options={DATE_FORMATS}
          optionLabel={patternLabel}
          onChange={(f) => void set('date_format', f)}
        />
        <PreferenceSelect<UiPreferences['time_format']>
          id="settings-time-format"
          label={t('settings.preferences.timeFormat')}
          value={prefs.time_format}
          options={TIME_FORMATS}
          optionLabel={patternLabel}
          onChange={(f) => void set('time_format', f)}
        />
        <FormControl>
          <FormLabel id="settings-degrees">{t('settings.preferences.degrees')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="settings-degrees"
            value={unit}
            onChange={(e) => void set('degrees', e.target.value === 'F' ? 'F' : 'C')}
          >
            <FormControlLabel value="C" control={<Radio />} label={t('settings.preferences.celsius')} />
            <FormControlLabel value="F" control={<Radio />} label={t('settings.preferences.fahrenheit')} />
          </RadioGroup>
        </FormControl>
      </Section>

      {canSeeAlertSettings(roleContext) && (
        <Section title={t('settings.preferences.alerts')} testId="settings-alerts">
          <Setting
            title={t('settings.preferences.safetyAlert')}
            text={t('settings.preferences.safetyAlertText', {
              limit: `${settingToDisplay(SAFETY_ALERT_LIMIT_C, unit)} °${unit}`,
            })}
          >
            {single(t('settings.preferences.safetyAlertValue'), 'safety_alert', 'settings-safety-alert')}
          </Setting>
          <Setting
            title={t('settings.preferences.temperatureAlert')}
            text={t('settings.preferences.temperatureAlertText')}
          >
            {single(
              t('settings.preferences.temperatureAlertValue'),
              'temperature_alert',
              'settings-temperature-alert',
            )}
          </Setting>
        </Section>
      )}

      <PushAlertsSection />

      <DataBreakDelaySection />

      <Section title={t('settings.preferences.display')} testId="settings-display">
        <Setting title={t('settings.preferences.colorSteps')} text={t('settings.preferences.colorStepsText')}>
          <TemperatureFields
            testId="settings-color-steps"
            valuesC={prefs.color_steps}
            unit={unit}
            labels={[1, 2, 3, 4, 5].map((n) => t('settings.preferences.colorStep', { n }))}
            validate={(texts) => {
              const v = validateColorSteps(texts, unit);
              return {
                fields: v.fields,
                group:
                  v.set === 'decreasing'
                    ? t('settings.validation.colorStepsOrder')
                    : v.set === 'count'
                      ? t('settings.validation.colorStepsCount')
                      : null,
              };
            }}
            onCommit={(c) => set('color_steps', c)}
          />
        </Setting>
        <Setting title={t('settings.preferences.chartRange')} text={t('settings.preferences.chartRangeText')}>
          <TemperatureFields
            testId="settings-chart-range"
            valuesC={prefs.chart_scale}
            unit={unit}
            labels={[t('settings.preferences.chartMin'), t('settings.preferences.chartMax')]}
            validate={([lo, hi]) => {
              const v = validateChartRange([lo ?? '', hi ?? ''], unit);
              return { fields: [v.min, v.max], group: v.order ? t('settings.validation.chartOrder') : null };
            }}
            onCommit={([lo, hi]) => set('chart_scale', [lo ?? 0, hi ?? 0])}
          />
        </Setting>
        {canSeeHandleTempToggle(roleContext, hasTemperatureData) && (
          <FormControl>
            <FormControlLabel
              control={
                <Switch
                  checked={!forcedOff && prefs.handle_temp_enabled}
                  disabled={forcedOff}
                  onChange={(e) => void set('handle_temp_enabled', e.target.checked)}
                />
              }
              label={t('settings.preferences.handleTemp')}
            />
            <FormHelperText sx={{ mx: 0 }}>
              {forcedOff
                ? t('settings.preferences.handleTempForcedOff')
                : t('settings.preferences.handleTempText')}
            </FormHelperText>
          </FormControl>
        )}
      </Section>

      {canSeeBatchDefaults(roleContext) && <BatchDefaultsSection />}
    </Stack>
  );
}
