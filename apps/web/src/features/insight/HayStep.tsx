import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACTIVITY_TYPES,
  HAY_TYPES,
  YEARLY_CUTS_MAX,
  YEARLY_CUTS_MIN,
  YEARLY_CUTS_NOT_APPLICABLE,
  type ActivityType,
  type HayType,
  type SurveyAnswers,
} from '@emberwatch/shared/domain/insight/surveyAnswers';

const CUT_MARKS = Array.from({ length: YEARLY_CUTS_MAX + 1 }, (_, i) => ({ value: i, label: String(i) }));

/** Step 0, Hay (spec doc 1 §5): activity (a text for "other"), hay type, yearly cuts 0–8 or not applicable. */
export function HayStep({
  answers,
  onChange,
}: {
  answers: SurveyAnswers;
  onChange: (patch: Partial<SurveyAnswers>) => void;
}) {
  const { t } = useTranslation();
  const notApplicable = answers.yearlyCuts === YEARLY_CUTS_NOT_APPLICABLE;
  return (
    <Stack spacing={3}>
      <FormControl>
        <FormLabel id="insight-activity">{t('insight.survey.activity')}</FormLabel>
        <RadioGroup
          aria-labelledby="insight-activity"
          row
          value={answers.activityType ?? ''}
          onChange={(e) => onChange({ activityType: e.target.value as ActivityType })}
        >
          {ACTIVITY_TYPES.map((a) => (
            <FormControlLabel
              key={a}
              value={a}
              control={<Radio />}
              label={t(`insight.survey.activities.${a}`)}
            />
          ))}
        </RadioGroup>
        {answers.activityType === 'other' && (
          <TextField
            label={t('insight.survey.activityOther')}
            value={answers.activityOther}
            required
            size="small"
            slotProps={{ htmlInput: { maxLength: 200 } }}
            onChange={(e) => onChange({ activityOther: e.target.value })}
            sx={{ mt: 1, maxWidth: 360 }}
          />
        )}
      </FormControl>
      <FormControl>
        <FormLabel id="insight-hay-type">{t('insight.survey.hayType')}</FormLabel>
        <RadioGroup
          aria-labelledby="insight-hay-type"
          row
          value={answers.hayType ?? ''}
          onChange={(e) => onChange({ hayType: e.target.value as HayType })}
        >
          {HAY_TYPES.map((h) => (
            <FormControlLabel
              key={h}
              value={h}
              control={<Radio />}
              label={t(`insight.survey.hayTypes.${h}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="insight-cuts">{t('insight.survey.yearlyCuts')}</FormLabel>
        <Slider
          aria-labelledby="insight-cuts"
          min={YEARLY_CUTS_MIN}
          max={YEARLY_CUTS_MAX}
          step={1}
          marks={CUT_MARKS}
          valueLabelDisplay="auto"
          disabled={notApplicable}
          value={notApplicable ? 0 : answers.yearlyCuts}
          onChange={(_, v) => onChange({ yearlyCuts: v })}
          sx={{ maxWidth: 480, mx: 1 }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={notApplicable}
              onChange={(e) => onChange({ yearlyCuts: e.target.checked ? YEARLY_CUTS_NOT_APPLICABLE : 0 })}
            />
          }
          label={t('insight.survey.cutsNotApplicable')}
        />
      </FormControl>
    </Stack>
  );
}
