import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import { surveyCapacityMax } from '@emberwatch/shared/domain/insight/storageCapacity';
import {
  STORAGE_MONTHS_MAX,
  SURVEY_STORAGES_MAX,
  type SurveyAnswers,
  type SurveyStorage,
} from '@emberwatch/shared/domain/insight/surveyAnswers';
import { resizeSurveyStorages } from '@emberwatch/shared/domain/insight/surveyStorages';
import { SurveyStorageDialog } from './SurveyStorageDialog';

const MONTH_MARKS = Array.from({ length: STORAGE_MONTHS_MAX + 1 }, (_, i) => ({
  value: i,
  label: String(i),
}));
const COUNT_MARKS = Array.from({ length: SURVEY_STORAGES_MAX + 1 }, (_, i) => ({
  value: i,
  label: String(i),
}));

/**
 * Step 2, Storage (spec doc 1 §4, §5, §9): the storage time as a month range 0–12, the storages on
 * site 0–10, and the list that follows the count (new ones appended, removal from the end), each
 * storage edited in a dialog. The account area's editor changes the storage time only.
 */
export function StorageStep({
  answers,
  onChange,
  editStorages,
}: {
  answers: SurveyAnswers;
  onChange: (patch: Partial<SurveyAnswers>) => void;
  editStorages: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<SurveyStorage | null>(null);
  const capacityMax = surveyCapacityMax(answers);
  const setCount = (count: number) =>
    onChange({
      storagesNumber: count,
      storages: resizeSurveyStorages(answers.storages, count, (n) => t('insight.survey.storageName', { n })),
    });

  return (
    <Stack spacing={3}>
      <FormControl>
        <FormLabel id="insight-storage-time">
          {t('insight.survey.storageTime', { from: answers.storageTime[0], to: answers.storageTime[1] })}
        </FormLabel>
        <Slider
          getAriaLabel={(i) => t(i === 0 ? 'insight.survey.storageFrom' : 'insight.survey.storageTo')}
          min={0}
          max={STORAGE_MONTHS_MAX}
          step={1}
          marks={MONTH_MARKS}
          valueLabelDisplay="auto"
          disableSwap
          value={answers.storageTime}
          onChange={(_, v) => {
            const [from, to] = v;
            onChange({ storageTime: [from ?? 0, to ?? 0] });
          }}
          sx={{ maxWidth: 560, mx: 1 }}
        />
      </FormControl>
      {editStorages && (
        <>
          <FormControl>
            <FormLabel id="insight-storages-number">{t('insight.survey.storagesNumber')}</FormLabel>
            <Slider
              aria-labelledby="insight-storages-number"
              min={0}
              max={SURVEY_STORAGES_MAX}
              step={1}
              marks={COUNT_MARKS}
              valueLabelDisplay="auto"
              value={answers.storagesNumber}
              onChange={(_, v) => setCount(v)}
              sx={{ maxWidth: 560, mx: 1 }}
            />
          </FormControl>
          <List aria-label={t('insight.survey.storagesList')} dense>
            {answers.storages.map((s) => (
              <ListItem
                key={s.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    onClick={() => setEditing(s)}
                    aria-label={t('insight.survey.editStorage', { name: s.name })}
                  >
                    {t('insight.survey.edit')}
                  </Button>
                }
              >
                <ListItemText
                  primary={s.name}
                  secondary={
                    s.type
                      ? `${t(`storages.types.${s.type}`)} · ${t('insight.survey.capacityValue', { capacity: s.capacity })}`
                      : t('insight.survey.noType')
                  }
                  slotProps={{ secondary: { color: s.type ? 'text.secondary' : 'error' } }}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {editing && (
        <SurveyStorageDialog
          storage={editing}
          capacityMax={capacityMax}
          onClose={() => setEditing(null)}
          onApply={(next) => {
            onChange({ storages: answers.storages.map((s) => (s.id === next.id ? next : s)) });
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
