import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Step 3, Ready (spec doc 1 §2): Finish saves the answers and the storages. */
export function ReadyStep() {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {t('insight.survey.readyTitle')}
      </Typography>
      <Typography>{t('insight.survey.readyText')}</Typography>
    </Stack>
  );
}
