import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { capacityStep } from '@emberwatch/shared/domain/insight/storageCapacity';
import {
  SURVEY_STORAGE_NAME_MAX,
  SURVEY_STORAGE_TYPES,
  type SurveyStorage,
  type SurveyStorageType,
} from '@emberwatch/shared/domain/insight/surveyAnswers';

/**
 * One storage of the survey (spec doc 1 §3 "Storage (survey)"): its name, type and capacity, the
 * capacity up to the survey's yearly volume in steps of 100, 200, 500 or 1000 (§9). Apply needs both
 * the type and the name (§5).
 */
export function SurveyStorageDialog({
  storage,
  capacityMax,
  onApply,
  onClose,
}: {
  storage: SurveyStorage;
  capacityMax: number;
  onApply: (s: SurveyStorage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(storage.name);
  const [type, setType] = useState<SurveyStorageType | null>(storage.type);
  const [capacity, setCapacity] = useState(Math.min(storage.capacity, capacityMax));
  // A yearly volume under one step (a few tons) counts its capacity one by one.
  const step = capacityMax < capacityStep(capacityMax) ? 1 : capacityStep(capacityMax);
  const ok = name.trim() !== '' && type !== null;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('insight.survey.storageDialog')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('insight.survey.storageNameLabel')}
            value={name}
            required
            error={name.trim() === ''}
            slotProps={{ htmlInput: { maxLength: SURVEY_STORAGE_NAME_MAX } }}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            select
            label={t('insight.survey.storageType')}
            required
            value={type ?? ''}
            onChange={(e) => setType(e.target.value as SurveyStorageType)}
          >
            {SURVEY_STORAGE_TYPES.map((code) => (
              <MenuItem key={code} value={code}>
                {t(`storages.types.${code}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControl>
            <FormLabel id="insight-capacity">{t('insight.survey.capacityValue', { capacity })}</FormLabel>
            <Slider
              aria-labelledby="insight-capacity"
              min={0}
              max={capacityMax}
              step={step}
              marks={[
                { value: 0, label: '0' },
                { value: capacityMax, label: String(capacityMax) },
              ]}
              valueLabelDisplay="auto"
              value={capacity}
              onChange={(_, v) => setCapacity(v)}
              sx={{ mx: 1 }}
            />
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('insight.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!ok}
          onClick={() => type && onApply({ ...storage, name: name.trim(), type, capacity })}
        >
          {t('insight.survey.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
