import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SITE_NAME_MAX } from '@emberwatch/shared/contracts/sites';
import { refusalText } from '../../lib/refusalText';
import { useRenameSite } from './siteIndexQueries';

/**
 * The site's name edited in its row (saveSiteNames: the caller's own name for it, spec doc 2 §7).
 * Save waits for an edit; an empty name gives the site back the station's name.
 */
export function SiteNameEditor({
  siteUID,
  bsId,
  current,
  stationName,
  onClose,
}: {
  siteUID: number;
  bsId: string;
  current: string | null;
  stationName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(current ?? '');
  const rename = useRenameSite();
  const changed = text.trim() !== (current ?? '');
  const save = () => rename.mutate({ siteUID, BS_ID: bsId, name: text }, { onSuccess: () => onClose() });
  return (
    <Stack
      component="form"
      spacing={1}
      data-testid={`site-rename-${bsId}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (changed && !rename.isPending) save();
      }}
    >
      <TextField
        size="small"
        autoFocus
        label={t('siteIndex.rename.label')}
        placeholder={stationName}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
        slotProps={{ htmlInput: { maxLength: SITE_NAME_MAX } }}
        error={rename.isError}
        helperText={
          rename.isError
            ? refusalText(rename.error, t('siteIndex.rename.failed'))
            : t('siteIndex.rename.hint')
        }
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" size="small" variant="contained" disabled={!changed || rename.isPending}>
          {t('siteIndex.rename.save')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('siteIndex.rename.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
