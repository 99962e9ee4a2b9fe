import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  SUPPORT_PRODUCTS,
  supportPathOf,
  type SupportProduct,
} from '@emberwatch/shared/domain/partnerApps/partnerAppRules';

/** Links to the products' support pages (decision 0118), but the one shown. */
export function SupportLinks({ label, except }: { label: string; except?: SupportProduct }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="baseline"
      flexWrap="wrap"
      component="nav"
      aria-label={label}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {SUPPORT_PRODUCTS.filter((p) => p !== except).map((p) => (
        <Link
          key={p}
          component={RouterLink}
          to={supportPathOf(p)}
          variant="body2"
          data-testid={`support-${p}`}
        >
          {t(`partnerApps.products.${p}`)}
        </Link>
      ))}
    </Stack>
  );
}
