import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import type { BsConfResponse } from '@emberwatch/shared/contracts/baseStations';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import {
  CORRECTION_MAX,
  CORRECTION_MIN,
  MEASUREMENT_INTERVAL_MAX_MIN,
  RECEIVING_TIME_MAX,
  RECEIVING_TIME_MIN,
  type SensorConfigurationChange,
} from '@emberwatch/shared/contracts/probeConfig';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { useApiClient } from '../../lib/ApiClientContext';
import { queryKeys } from '../../lib/queryKeys';
import {
  buildProbeConfigChange,
  initialProperties,
  propertyRules,
  stepCorrection,
  type ProbeProperties,
} from './buildProbeConfigChange';
import type { ProbeConfiguration } from './probeDetailTypes';
import { formatDecimal, formatTemperatureText } from '../../lib/formatDecimal';

/** Spec doc 2 §9: the correction preview starts from 50.0 °C (500 tenths). */
const PREVIEW_BASE_TENTHS = 500;
const SNACKBAR_MS = 3000;

export interface PropertiesTabProps {
  bsConf: BsConfResponse;
  conf: ProbeConfiguration;
  roleContext: RoleContext;
  unit: DegreesUnit;
}

/**
 * The Properties tab (spec doc 2 §2.4, §4, §5): name, correction, and for admins the measurement
 * interval and receiving time by firmware. Saved through sensorConf; the station configuration is
 * then reloaded so the list and the header show the new values.
 */
export function PropertiesTab({ bsConf, conf, roleContext, unit }: PropertiesTabProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const rules = propertyRules(roleContext, conf, bsConf.firmware_ver);
  const [form, setForm] = useState<ProbeProperties>(() => initialProperties(conf));
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof ProbeProperties>(k: K, v: ProbeProperties[K]) =>
    setForm((f) => ({ ...f, [k]: v }));

  const intervalValid =
    Number.isInteger(form.measurementInterval) &&
    form.measurementInterval >= 0 &&
    form.measurementInterval <= MEASUREMENT_INTERVAL_MAX_MIN;
  const change = buildProbeConfigChange(conf, form, rules);
  // A read-only master (spec doc 3 §6) reads the properties: no save button for nothing to save.
  const editable =
    rules.canRename || rules.showCorrection || rules.showMeasurementInterval || rules.showReceivingTime;

  const save = useMutation({
    mutationFn: (c: SensorConfigurationChange) =>
      api.call(endpoints.probes.sensorConf, { bs_id: bsConf.bs_id, sensorConfigurations: [c] }),
    onSuccess: async () => {
      setSaved(true);
      // Spec doc 2 §7: after saving, the station configuration is loaded again.
      await queryClient.invalidateQueries({ queryKey: queryKeys.bsConf(bsConf.bs_id) });
    },
    onError: (e) => console.error('Saving the probe configuration failed', e),
  });

  const preview = t('probeDetail.properties.preview', {
    from: formatTemperatureText(PREVIEW_BASE_TENTHS, unit, true),
    to: formatTemperatureText(PREVIEW_BASE_TENTHS + Math.round(form.correction * 10), unit, true),
  });

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (change && intervalValid) save.mutate(change);
      }}
      sx={{ maxWidth: 560 }}
    >
      <Stack spacing={3}>
        <TextField
          label={t('probeDetail.properties.name')}
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          placeholder={conf.sensor_id_sys}
          disabled={!rules.canRename}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          helperText={
            rules.canRename
              ? t('probeDetail.properties.nameHelp', { id: conf.sensor_id_sys })
              : conf.isAux
                ? t('probeDetail.properties.auxNoRename')
                : t('probeDetail.properties.masterNoRename')
          }
        />

        {rules.showCorrection && (
          <Box>
            <Typography id="correction-label" gutterBottom>
              {t('probeDetail.properties.correction')}
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <IconButton
                aria-label={t('probeDetail.properties.decrease')}
                onClick={() => set('correction', stepCorrection(form.correction, -1))}
                disabled={form.correction <= CORRECTION_MIN}
              >
                <Remove />
              </IconButton>
              {/* Spec doc 2 §5: typing is blocked; the slider and the buttons move in steps of 0.1. */}
              <Slider
                aria-labelledby="correction-label"
                value={form.correction}
                min={CORRECTION_MIN}
                max={CORRECTION_MAX}
                step={0.1}
                marks={[{ value: CORRECTION_MIN }, { value: 0 }, { value: CORRECTION_MAX }]}
                valueLabelDisplay="auto"
                getAriaValueText={(v) => v.toFixed(1)}
                onChange={(_, v) => set('correction', stepCorrection(v, 0))}
              />
              <IconButton
                aria-label={t('probeDetail.properties.increase')}
                onClick={() => set('correction', stepCorrection(form.correction, 1))}
                disabled={form.correction >= CORRECTION_MAX}
              >
                <Add />
              </IconButton>
              <Typography
                data-testid="correction-value"
                sx={{ minWidth: 40, fontVariantNumeric: 'tabular-nums' }}
              >
                {(form.correction > 0 ? '+' : '') + formatDecimal(form.correction, 1)}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary" data-testid="correction-preview">
              {preview}
            </Typography>
          </Box>
        )}

        {rules.showMeasurementInterval && (
          <TextField
            type="number"
            label={t('probeDetail.properties.measurementInterval')}
            value={Number.isNaN(form.measurementInterval) ? '' : form.measurementInterval}
            onChange={(e) =>
              set('measurementInterval', e.target.value === '' ? Number.NaN : Number(e.target.value))
            }
            error={!intervalValid}
            helperText={t('probeDetail.properties.measurementIntervalHelp')}
            slotProps={{ htmlInput: { min: 0, max: MEASUREMENT_INTERVAL_MAX_MIN, step: 1 } }}
          />
        )}

        {rules.showReceivingTime && (
          <TextField
            select
            label={t('probeDetail.properties.receivingTime')}
            value={form.receivingTime}
            onChange={(e) => set('receivingTime', Number(e.target.value))}
            helperText={t('probeDetail.properties.receivingTimeHelp')}
          >
            {Array.from(
              { length: RECEIVING_TIME_MAX - RECEIVING_TIME_MIN + 1 },
              (_, i) => RECEIVING_TIME_MIN + i,
            ).map((v) => (
              <MenuItem key={v} value={v}>
                {v}
              </MenuItem>
            ))}
          </TextField>
        )}

        {save.isError && <Alert severity="error">{t('probeDetail.properties.saveFailed')}</Alert>}

        {editable && (
          <Box>
            <Button type="submit" variant="contained" disabled={!change || !intervalValid || save.isPending}>
              {save.isPending ? t('probeDetail.properties.saving') : t('probeDetail.properties.save')}
            </Button>
          </Box>
        )}
      </Stack>
      <Snackbar
        open={saved}
        autoHideDuration={SNACKBAR_MS}
        onClose={() => setSaved(false)}
        message={t('probeDetail.properties.saved')}
      />
    </Box>
  );
}
