import { useTranslation } from 'react-i18next';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  BALE_WEIGHT_MAX,
  BALE_WEIGHT_STEP,
  BALES_TYPES,
  HAY_TYPE_UNITS,
  WEIGHT_UNITS,
  type BalesType,
  type HayTypeUnit,
  type SurveyAnswers,
  type WeightUnit,
} from '@emberwatch/shared/domain/insight/surveyAnswers';
import { VolumeSlider } from './VolumeSlider';

/**
 * Step 1, Scale (spec doc 1 §5, §9): bales need a yearly volume in bales or tons, a bales type and a
 * bale weight (0–1000 kg or 0–2000 lb, step 50); loose hay its tons a year.
 */
export function ScaleStep({
  answers,
  onChange,
}: {
  answers: SurveyAnswers;
  onChange: (patch: Partial<SurveyAnswers>) => void;
}) {
  const { t } = useTranslation();
  const bales = answers.hayType === 'bales';
  const inBales = bales && answers.hayTypeUnit === 'bales';
  const weightMax = BALE_WEIGHT_MAX[answers.weightUnit];
  return (
    <Stack spacing={3}>
      {bales && (
        <FormControl>
          <FormLabel id="insight-volume-unit">{t('insight.survey.volumeUnit')}</FormLabel>
          <ToggleButtonGroup
            aria-labelledby="insight-volume-unit"
            exclusive
            size="small"
            value={answers.hayTypeUnit}
            onChange={(_, v: HayTypeUnit | null) => v && onChange({ hayTypeUnit: v })}
          >
            {HAY_TYPE_UNITS.map((u) => (
              <ToggleButton key={u} value={u}>
                {t(`insight.survey.units.${u}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </FormControl>
      )}
      <FormControl>
        <FormLabel id="insight-volume">
          {t(inBales ? 'insight.survey.balesPerYear' : 'insight.survey.tonsPerYear')}
        </FormLabel>
        <Typography variant="h6" component="output" aria-live="polite" data-testid="volume-value">
          {inBales ? answers.balesPerYear : answers.averageTonsPerYear}
        </Typography>
        <VolumeSlider
          labelId="insight-volume"
          value={inBales ? answers.balesPerYear : answers.averageTonsPerYear}
          onChange={(v) => onChange(inBales ? { balesPerYear: v } : { averageTonsPerYear: v })}
        />
      </FormControl>
      {bales && (
        <>
          <FormControl>
            <FormLabel id="insight-bales-type">{t('insight.survey.balesType')}</FormLabel>
            <RadioGroup
              aria-labelledby="insight-bales-type"
              row
              value={answers.balesType ?? ''}
              onChange={(e) => onChange({ balesType: e.target.value as BalesType })}
            >
              {BALES_TYPES.map((b) => (
                <FormControlLabel
                  key={b}
                  value={b}
                  control={<Radio />}
                  label={t(`insight.survey.balesTypes.${b}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <FormLabel id="insight-bale-weight">
              {t('insight.survey.balesWeight', { unit: answers.weightUnit })}
            </FormLabel>
            <ToggleButtonGroup
              aria-label={t('insight.survey.weightUnit')}
              exclusive
              size="small"
              value={answers.weightUnit}
              onChange={(_, u: WeightUnit | null) =>
                u &&
                onChange({ weightUnit: u, balesWeight: Math.min(answers.balesWeight, BALE_WEIGHT_MAX[u]) })
              }
              sx={{ my: 1 }}
            >
              {WEIGHT_UNITS.map((u) => (
                <ToggleButton key={u} value={u}>
                  {u}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Slider
              aria-labelledby="insight-bale-weight"
              min={0}
              max={weightMax}
              step={BALE_WEIGHT_STEP}
              marks={[
                { value: 0, label: '0' },
                { value: weightMax, label: String(weightMax) },
              ]}
              valueLabelDisplay="auto"
              value={answers.balesWeight}
              onChange={(_, v) => onChange({ balesWeight: v })}
              sx={{ maxWidth: 480, mx: 1 }}
            />
          </FormControl>
        </>
      )}
    </Stack>
  );
}
