import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { HayAppOption } from '@emberwatch/shared/domain/customers/customerGroups';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { CustomerMap } from './CustomerMap';
import { useCustomerLocations } from './customersQueries';

/**
 * The customers on a map (GET getuserLocations; decision 0098): each customer with a location is a
 * point that opens the customer; the tiles are the deployment's (MAP_TILE_URL), and without them the
 * points are drawn on a plain background, so nothing is fetched from elsewhere.
 */
export function CustomerMapTab({ onOpen }: { onOpen: (uid: number) => void }) {
  const { t } = useTranslation();
  const [hayApp, setHayApp] = useState<HayAppOption | 'any'>('any');
  const locations = useCustomerLocations({ hayApp: hayApp === 'any' ? undefined : hayApp });
  const data = locations.data;
  return (
    <Stack spacing={2} data-testid="customers-map-tab">
      <ToggleButtonGroup
        exclusive
        size="small"
        value={hayApp}
        aria-label={t('customers.hayApp.label')}
        onChange={(_e, v: HayAppOption | 'any' | null) => v !== null && setHayApp(v)}
      >
        <ToggleButton value="any">{t('customers.hayApp.any')}</ToggleButton>
        <ToggleButton value="only">{t('customers.hayApp.only')}</ToggleButton>
        <ToggleButton value="others">{t('customers.hayApp.others')}</ToggleButton>
      </ToggleButtonGroup>
      {locations.error && <LoadErrorAlert error={locations.error} onRetry={() => void locations.refetch()} />}
      {!data && !locations.error && <LoadingIndicator label={t('customers.loading')} />}
      {data && (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="customers-map-count">
            {t('customers.map.count', { count: data.results.length, without: data.withoutLocation })}
          </Typography>
          {data.tileUrl === null && <Alert severity="info">{t('customers.map.noTiles')}</Alert>}
          <CustomerMap
            points={data.results}
            tileUrl={data.tileUrl}
            label={t('customers.map.label')}
            onOpen={onOpen}
          />
        </>
      )}
    </Stack>
  );
}
