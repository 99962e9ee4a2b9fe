import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { locationProblem, parseCoordinate } from '@emberwatch/shared/domain/customers/customerLocation';
import { refusalText } from '../../lib/refusalText';
import { useSetLocation } from './customersQueries';

/** A customer's location (POST setUserLocation): latitude and longitude in degrees, both or neither. */
export function LocationEditor({
  uid,
  location,
  editable,
}: {
  uid: number;
  location: { lat: number; lon: number } | null;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const [lat, setLat] = useState(location ? String(location.lat) : '');
  const [lon, setLon] = useState(location ? String(location.lon) : '');
  const save = useSetLocation();
  const la = parseCoordinate(lat);
  const lo = parseCoordinate(lon);
  const problem = locationProblem(la, lo);
  if (!editable)
    return (
      <Typography data-testid="customer-location">
        {location ? `${location.lat}, ${location.lon}` : t('customers.location.none')}
      </Typography>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    save.mutate({ UID: uid, lat: la, lon: lo });
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={1}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('customers.location.lat')}
          value={lat}
          onChange={(e) => setLat(e.target.value)}
          error={problem === 'latitude'}
          helperText={
            problem === 'latitude' ? t('customers.location.errors.latitude') : t('customers.location.latHelp')
          }
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'customer-lat' } }}
        />
        <TextField
          size="small"
          label={t('customers.location.lon')}
          value={lon}
          onChange={(e) => setLon(e.target.value)}
          error={problem === 'longitude' || problem === 'pair'}
          helperText={
            problem === 'longitude' || problem === 'pair'
              ? t(`customers.location.errors.${problem}`)
              : t('customers.location.lonHelp')
          }
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'customer-lon' } }}
        />
        <Button type="submit" variant="outlined" disabled={problem !== null || save.isPending}>
          {la === null && lo === null ? t('customers.location.remove') : t('customers.location.save')}
        </Button>
      </Stack>
      {save.error && <Alert severity="error">{refusalText(save.error)}</Alert>}
      {save.isSuccess && <Alert severity="success">{t('customers.location.saved')}</Alert>}
    </Stack>
  );
}
