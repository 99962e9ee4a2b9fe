import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StorageLayout } from '@emberwatch/shared/domain/kinds/storageLayouts';
import { vacantProbes } from '@emberwatch/shared/domain/storageLayout/vacantProbes';

export interface PickerCandidate {
  id: string;
  name: string;
  storageId: number | null;
}

/**
 * The vacant probes of a layout being edited (spec doc 3 §5, through the shared vacantProbes rule:
 * hay probes for stacks, the others for rows; none of another storage), searchable by id or name.
 */
export function VacantProbePicker({
  layout,
  storageId,
  candidates,
  placedIds,
  picked,
  onPick,
}: {
  layout: StorageLayout;
  storageId: number;
  candidates: readonly PickerCandidate[];
  placedIds: readonly string[];
  picked: string | null;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const vacant = vacantProbes({ layout }, candidates, { storageId, placedIds, search });
  return (
    <Box component="section" aria-label={t('storageDetail.vacantProbes')} sx={{ minWidth: 220 }}>
      <Typography variant="subtitle2" component="h3">
        {t('storageDetail.vacantProbes')}
      </Typography>
      <TextField
        size="small"
        label={t('storageDetail.searchProbes')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ my: 1 }}
      />
      <Typography variant="body2" color="text.secondary">
        {t('storageDetail.placeHint')}
      </Typography>
      {vacant.length === 0 ? (
        <Typography color="text.secondary">{t('storageDetail.allPlaced')}</Typography>
      ) : (
        <List dense data-testid="vacant-probes">
          {vacant.map((p) => (
            <ListItemButton key={p.id} selected={p.id === picked} onClick={() => onPick(p.id)}>
              <ListItemText primary={p.name} secondary={p.name === p.id ? null : p.id} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
