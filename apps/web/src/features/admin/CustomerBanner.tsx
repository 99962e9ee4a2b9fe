import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonSearch from '@mui/icons-material/PersonSearch';
import { customerLabel } from '@emberwatch/shared/domain/adminConsole';
import { stationLabel } from '@emberwatch/shared/domain/baseStationTabs';
import { setActingFor, type ActingFor } from '../base-stations';
import { useBannerOwner } from './bannerOwner';

/**
 * Whose data an admin looks at (decision 0088): the customer it picked, or the owner of the station it
 * opened from the console's own list, with the station shown; and the way back to the console, which
 * ends working for the customer. On the console's own pages without a customer there is nothing to say.
 */
export function CustomerBanner({ actingFor }: { actingFor: ActingFor | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { onConsole, selected, lookedUp } = useBannerOwner(actingFor);
  if (!actingFor && (onConsole || !selected)) return null;

  const owner = actingFor ?? lookedUp.data;
  const customer = owner ? customerLabel(owner) : t('admin.banner.unknownCustomer');
  const station = selected ? stationLabel(selected) : actingFor!.bsId;
  const stationText = selected && station !== selected.bs_id ? `${station} · ${selected.bs_id}` : station;
  return (
    <Box
      role="status"
      data-testid="customer-banner"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 0.5,
        bgcolor: 'rgba(0, 0, 0, 0.25)',
      }}
    >
      <PersonSearch fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
        {t(actingFor ? 'admin.banner.actingFor' : 'admin.banner.viewing', {
          customer,
          station: stationText,
        })}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        onClick={() => {
          setActingFor(null);
          void navigate('/admin');
        }}
      >
        {t('admin.banner.back')}
      </Button>
    </Box>
  );
}
