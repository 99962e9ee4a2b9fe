import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  STORAGE_NAME_MAX,
  storageCapacityMax,
  type CapacitySurvey,
  type Storage,
  type StorageInput,
} from '@emberwatch/shared';
import { useSaveStorage } from './storageQueries';
import { STORAGE_TYPES, type StorageType } from './storageTypes';

/** The saved storage as the save call takes it back: the whole item, without the server's fields. */
export function storageInputOf(storage: Storage): StorageInput {
  const { UID: _uid, undefinedLayoutType: _undefined, updated_ts: _updated, ...input } = storage;
  return input;
}

function isStorageType(type: string): type is StorageType {
  return (STORAGE_TYPES as readonly string[]).includes(type);
}

/** Capacity as typed: empty is "not given" (null); otherwise a whole number from 0 to the maximum. */
function parseCapacity(text: string, max: number): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : 'invalid';
}

/**
 * Tab 4 of the storage detail (spec doc 3 §2): name, type and capacity, capped by the survey's
 * yearly bales or tons when the survey was answered, otherwise at 1000 (§5, §9; the shared
 * storageCapacityMax). Save is
 * enabled only when something was edited (§4 "Save enables only when edited"); a master who is not
 * a grand master reads the fields only (§6). A failed save is not reported to the user (§8); the
 * edits stay in the form so that a second try is one click.
 */
export function StorageDetailsTab({
  storage,
  readOnly,
  survey = null,
}: {
  storage: Storage;
  readOnly: boolean;
  /** The account's survey answers; null without a survey (the default maximum applies). */
  survey?: CapacitySurvey | null;
}) {
  const { t } = useTranslation();
  const capacityMax = storageCapacityMax(survey);
  const save = useSaveStorage();
  const [name, setName] = useState(storage.name);
  const [type, setType] = useState(storage.type);
  const [capacity, setCapacity] = useState(storage.capacity === null ? '' : String(storage.capacity));
  const parsedCapacity = parseCapacity(capacity, capacityMax);
  const edited = name !== storage.name || type !== storage.type || parsedCapacity !== storage.capacity;
  const valid = name.trim() !== '' && type.trim() !== '' && parsedCapacity !== 'invalid';

  const onSave = () => {
    if (parsedCapacity === 'invalid') return;
    save.mutate({
      ...storageInputOf(storage),
      name: name.trim(),
      type: type.trim(),
      capacity: parsedCapacity,
    });
  };

  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 420 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (edited && valid && !readOnly) onSave();
      }}
    >
      {readOnly && <Alert severity="info">{t('storageDetail.readOnly')}</Alert>}
      <TextField
        label={t('storageDetail.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        disabled={readOnly}
        required
        error={name.trim() === ''}
        slotProps={{ htmlInput: { maxLength: STORAGE_NAME_MAX } }}
      />
      <TextField
        label={t('storageDetail.type')}
        value={type}
        onChange={(e) => setType(e.target.value)}
        disabled={readOnly}
        required
        select
      >
        {STORAGE_TYPES.map((code) => (
          <MenuItem key={code} value={code}>
            {t(`storages.types.${code}`)}
          </MenuItem>
        ))}
        {/* A type saved through the API as free text stays selectable as it is. */}
        {!isStorageType(storage.type) && <MenuItem value={storage.type}>{storage.type}</MenuItem>}
      </TextField>
      <TextField
        label={t('storageDetail.capacity')}
        value={capacity}
        onChange={(e) => setCapacity(e.target.value)}
        disabled={readOnly}
        type="number"
        error={parsedCapacity === 'invalid'}
        helperText={t('storageDetail.capacityHelp', { max: capacityMax })}
        slotProps={{
          htmlInput: { min: 0, max: capacityMax, step: 1, inputMode: 'numeric' },
        }}
      />
      {!readOnly && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={!edited || !valid || save.isPending}>
            {t('storageDetail.save')}
          </Button>
          {save.isSuccess && !edited && <span role="status">{t('storageDetail.saved')}</span>}
        </Stack>
      )}
    </Stack>
  );
}
