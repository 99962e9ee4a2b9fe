import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { STORAGE_NAME_MAX, type Storage, type StorageInput } from '@emberwatch/shared/contracts/storages';
import { STORAGE_LAYOUT_INFO } from '@emberwatch/shared/domain/kinds/storageLayouts';
import { defaultSensorLayout } from '@emberwatch/shared/domain/storageLayout/defaultSensorLayout';
import { defaultStack } from '@emberwatch/shared/domain/storageLayout/defaultStack';
import { initialLayout } from '@emberwatch/shared/domain/storageLayout/initialLayout';
import { useSaveStorage } from './storageQueries';
import { STORAGE_TYPES } from './storageTypes';

type LayoutChoice = 'rows' | 'stacks';

/** The new storage as saved: the chosen layout's default shape, no probes, no monitor yet. */
export function newStorageInput(
  name: string,
  type: string,
  bsId: string,
  layout: LayoutChoice,
): StorageInput {
  const rows = layout === 'rows';
  return {
    name: name.trim(),
    type,
    capacity: null,
    BS_ID: bsId,
    layoutType: STORAGE_LAYOUT_INFO[layout].code,
    sensor_layout: rows ? defaultSensorLayout() : null,
    stacks: rows ? [] : [defaultStack(0)],
    monitor: null,
    layout_prefs: null,
    alertMessaging: null,
    qualityPeriod: null,
  };
}

/**
 * The new-storage dialog (spec doc 3 §2 {base}/new-storage): name and type are required; the layout
 * starts as spec doc 3 §4 would create it for the station's probes (stacks for a hay-only setup),
 * and the user may pick the other. Saving opens the new storage.
 */
export function NewStorageDialog({
  bsId,
  stationProbeIds,
  onClose,
  onCreated,
}: {
  bsId: string;
  stationProbeIds: readonly string[];
  onClose: () => void;
  onCreated: (storage: Storage) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveStorage();
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [touched, setTouched] = useState(false);
  const [layout, setLayout] = useState<LayoutChoice>(() =>
    initialLayout({ layoutType: null, surveyHayType: null, probeIds: stationProbeIds })?.layoutType ===
    STORAGE_LAYOUT_INFO.stacks.code
      ? 'stacks'
      : 'rows',
  );
  const nameMissing = name.trim() === '';
  const typeMissing = type === '';

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('storages.form.title')}</DialogTitle>
      <DialogContent>
        {save.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('storages.form.saveFailed')}
          </Alert>
        )}
        <Stack
          component="form"
          id="new-storage-form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (nameMissing || typeMissing || save.isPending) return;
            save.mutate(newStorageInput(name, type, bsId, layout), { onSuccess: onCreated });
          }}
        >
          <TextField
            label={t('storages.form.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            error={touched && nameMissing}
            helperText={touched && nameMissing ? t('storages.form.nameRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: STORAGE_NAME_MAX } }}
          />
          <TextField
            select
            label={t('storages.form.type')}
            value={type}
            onChange={(e) => setType(e.target.value)}
            required
            error={touched && typeMissing}
            helperText={touched && typeMissing ? t('storages.form.typeRequired') : undefined}
          >
            {STORAGE_TYPES.map((code) => (
              <MenuItem key={code} value={code}>
                {t(`storages.types.${code}`)}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <FormLabel id="new-storage-layout">{t('storages.form.layout')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="new-storage-layout"
              value={layout}
              onChange={(e) => setLayout(e.target.value as LayoutChoice)}
            >
              <FormControlLabel value="rows" control={<Radio />} label={t('storages.form.rows')} />
              <FormControlLabel value="stacks" control={<Radio />} label={t('storages.form.stacks')} />
            </RadioGroup>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('storages.form.cancel')}</Button>
        <Button type="submit" form="new-storage-form" variant="contained" disabled={save.isPending}>
          {t('storages.form.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
