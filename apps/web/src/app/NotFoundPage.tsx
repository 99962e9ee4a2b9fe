import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import SearchOff from '@mui/icons-material/SearchOff';
import { EmptyState } from '../ui/EmptyState';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState icon={<SearchOff />} text={t('notFound.text')}>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
        {t('notFound.home')}
      </Button>
    </EmptyState>
  );
}
