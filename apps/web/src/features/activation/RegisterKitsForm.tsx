import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RegisterMultipleBSsResponse } from '@emberwatch/shared/contracts/activation';
import { endpoints } from '@emberwatch/shared/contracts/endpoints';
import { useApiClient } from '../../lib/ApiClientContext';
import { isApiRequestError } from '../../lib/ApiRequestError';

/** Ids typed as a list: commas, semicolons, spaces or lines between them; upper case. */
export function parseIdList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '');
}

function failureKey(err: unknown) {
  if (isApiRequestError(err) && err.httpStatus === 409) return 'activation.kits.taken' as const;
  if (isApiRequestError(err) && err.httpStatus === 400) return 'activation.kits.invalid' as const;
  return 'activation.server_err' as const;
}

/**
 * The admin's new kits (spec doc 1 §7 registerMultipleBSs, registerMultipleSets): base stations by id,
 * or one probe set with its probes. A station's secret is shown here once, to be written into its
 * firmware; the new kits' labels then print from the list below.
 */
export function RegisterKitsForm() {
  const { t } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [bsIds, setBsIds] = useState('');
  const [setId, setSetId] = useState('');
  const [probeIds, setProbeIds] = useState('');
  const [depths, setDepths] = useState('3');
  const [stations, setStations] = useState<RegisterMultipleBSsResponse['results']>([]);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['kits'] });

  const registerStations = useMutation({
    mutationFn: (ids: string[]) => api.call(endpoints.activation.registerMultipleBSs, { bs_ids: ids }),
    onSuccess: (res) => {
      setStations(res.results);
      setBsIds('');
      void reload();
    },
  });
  const registerSet = useMutation({
    mutationFn: () =>
      api.call(endpoints.activation.registerMultipleSets, {
        sets: [
          {
            set_id: setId.trim(),
            probes: parseIdList(probeIds).map((sensor_id) => ({ sensor_id, depths: Number(depths) })),
          },
        ],
      }),
    onSuccess: () => {
      setSetId('');
      setProbeIds('');
      void reload();
    },
  });
  const depthsOk = /^[1-8]$/.test(depths);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, displayPrint: 'none' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {t('activation.kits.newStations')}
          </Typography>
          <TextField
            fullWidth
            margin="dense"
            label={t('activation.kits.stationIds')}
            value={bsIds}
            onChange={(e) => setBsIds(e.target.value)}
          />
          <Button
            variant="contained"
            disabled={parseIdList(bsIds).length === 0 || registerStations.isPending}
            onClick={() => registerStations.mutate(parseIdList(bsIds))}
          >
            {t('activation.kits.register')}
          </Button>
          {registerStations.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t(failureKey(registerStations.error))}
            </Alert>
          )}
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {t('activation.kits.newSet')}
          </Typography>
          <Stack direction="row" spacing={1}>
            <TextField
              margin="dense"
              label={t('activation.kits.setId')}
              value={setId}
              onChange={(e) => setSetId(e.target.value)}
            />
            <TextField
              margin="dense"
              label={t('activation.kits.depths')}
              value={depths}
              error={!depthsOk}
              onChange={(e) => setDepths(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 1 } }}
            />
          </Stack>
          <TextField
            fullWidth
            margin="dense"
            label={t('activation.kits.probeIds')}
            value={probeIds}
            onChange={(e) => setProbeIds(e.target.value)}
          />
          <Button
            variant="contained"
            disabled={
              setId.trim() === '' || parseIdList(probeIds).length === 0 || !depthsOk || registerSet.isPending
            }
            onClick={() => registerSet.mutate()}
          >
            {t('activation.kits.register')}
          </Button>
          {registerSet.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t(failureKey(registerSet.error))}
            </Alert>
          )}
        </Box>
      </Stack>
      {stations.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Alert severity="warning">{t('activation.kits.secretsOnce')}</Alert>
          <Table size="small" aria-label={t('activation.kits.newStations')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('activation.kits.stationId')}</TableCell>
                <TableCell>{t('activation.code')}</TableCell>
                <TableCell>{t('activation.kits.secret')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {stations.map((s) => (
                <TableRow key={s.bs_id}>
                  <TableCell>{s.bs_id}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{s.code}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{s.secret}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
