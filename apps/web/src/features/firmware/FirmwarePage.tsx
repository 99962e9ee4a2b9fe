import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FirmwareImage, OtaStation } from '@emberwatch/shared/contracts/firmware';
import { FIRMWARE_REV_PATTERN, MAX_FIRMWARE_IMAGE_BYTES } from '@emberwatch/shared/domain/firmware';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { useShellContext } from '../../lib/shellContext';
import type { AdminColumn } from '../../ui/AdminTable';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { useDateTimeText } from '../sessions';
import { useAddFirmwareImage, useFirmwareImages, useOtaStations } from './firmwareQueries';
import { otaErrorText } from './otaErrorText';

/**
 * /firmware (issue 30 item 4, decision 0093): the firmware images the server keeps, the form that
 * adds one (Root, Admin and Tech), and the stations with an update pending or whose last update
 * failed. A station's own update is assigned in its settings (Settings → Base station). Everyone
 * who is not staff is sent to "/".
 */
export function FirmwarePage() {
  const { roleContext } = useShellContext();
  return (
    <Stack spacing={3} data-testid="firmware-page">
      <Stations />
      <Images mayAdd={mayUseOperatorTool(roleContext, 'otaManage')} />
    </Stack>
  );
}

function Stations() {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const stations = useOtaStations();
  const columns: AdminColumn<OtaStation>[] = [
    { key: 'bs_id', label: t('firmware.page.station'), value: (s) => s.bs_id },
    { key: 'name', label: t('firmware.page.name'), value: (s) => s.display_name ?? '' },
    { key: 'rev', label: t('firmware.page.current'), value: (s) => s.rev ?? '' },
    { key: 'state', label: t('firmware.page.state'), value: (s) => t(`firmware.page.states.${s.state}`) },
    { key: 'to', label: t('firmware.page.to'), value: (s) => s.to },
    {
      key: 'ts',
      label: t('firmware.page.since'),
      value: (s) => s.ts,
      render: (s) => time(s.ts),
      filterText: (s) => time(s.ts),
    },
    { key: 'reason', label: t('firmware.page.reason'), value: (s) => s.reason ?? '' },
  ];
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {t('firmware.page.stations')}
      </Typography>
      <QueryAdminTable
        testId="firmware-stations"
        label={t('firmware.page.stations')}
        query={stations}
        columns={columns}
        rowKey={(s) => s.bs_id}
        initialSort={{ key: 'ts', direction: 'desc' }}
        emptyText={t('firmware.page.noStations')}
      />
    </Stack>
  );
}

function Images({ mayAdd }: { mayAdd: boolean }) {
  const { t } = useTranslation();
  const time = useDateTimeText();
  const images = useFirmwareImages();
  const columns: AdminColumn<FirmwareImage>[] = [
    { key: 'rev', label: t('firmware.page.rev'), value: (i) => i.rev },
    { key: 'size', label: t('firmware.page.size'), value: (i) => i.size, align: 'right' },
    { key: 'sha256', label: t('firmware.page.sha256'), value: (i) => i.sha256.slice(0, 16) },
    { key: 'notes', label: t('firmware.page.notes'), value: (i) => i.notes },
    {
      key: 'added_ts',
      label: t('firmware.page.added'),
      value: (i) => i.added_ts,
      render: (i) => time(i.added_ts),
      filterText: (i) => time(i.added_ts),
    },
    { key: 'added_by', label: t('firmware.page.addedBy'), value: (i) => i.added_by ?? '' },
  ];
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {t('firmware.page.images')}
      </Typography>
      {mayAdd && <AddImageForm />}
      <QueryAdminTable
        testId="firmware-images"
        label={t('firmware.page.images')}
        query={images}
        columns={columns}
        rowKey={(i) => i.rev}
        initialSort={{ key: 'added_ts', direction: 'desc' }}
        emptyText={t('firmware.page.noImages')}
      />
    </Stack>
  );
}

/** The file's bytes as base64, as the call takes them. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function AddImageForm() {
  const { t } = useTranslation();
  const add = useAddFirmwareImage();
  const [rev, setRev] = useState('');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const revOk = FIRMWARE_REV_PATTERN.test(rev.trim());
  const tooLarge = file !== null && file.size > MAX_FIRMWARE_IMAGE_BYTES;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || !revOk || tooLarge) return;
    setAdded(null);
    const data = await base64Of(file);
    add.mutate(
      { rev: rev.trim(), notes: notes.trim(), data },
      {
        onSuccess: (r) => {
          setAdded(r.image.rev);
          setRev('');
          setNotes('');
          setFile(null);
        },
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        component="form"
        spacing={1.5}
        onSubmit={(e) => void submit(e)}
        aria-label={t('firmware.page.add')}
        data-testid="firmware-add"
      >
        <Typography variant="subtitle1" component="h3">
          {t('firmware.page.add')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            size="small"
            label={t('firmware.page.rev')}
            value={rev}
            onChange={(e) => setRev(e.target.value)}
            error={rev !== '' && !revOk}
            helperText={rev !== '' && !revOk ? t('firmware.page.revHelp') : ' '}
          />
          <TextField
            size="small"
            label={t('firmware.page.notes')}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            sx={{ flexGrow: 1 }}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </Stack>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" component="label">
            {t('firmware.page.file')}
            <input
              hidden
              type="file"
              data-testid="firmware-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2" color={tooLarge ? 'error' : 'text.secondary'}>
            {file
              ? tooLarge
                ? t('firmware.page.tooLarge')
                : `${file.name} (${file.size})`
              : t('firmware.page.noFile')}
          </Typography>
        </Stack>
        {add.error !== null && <Alert severity="error">{otaErrorText(t, add.error)}</Alert>}
        {added !== null && (
          <Alert severity="success" data-testid="firmware-added">
            {t('firmware.page.addedOk', { rev: added })}
          </Alert>
        )}
        <div>
          <Button type="submit" variant="contained" disabled={!file || !revOk || tooLarge || add.isPending}>
            {t('firmware.page.addButton')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
