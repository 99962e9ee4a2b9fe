import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DIALOG_SEARCH_DEBOUNCE_MS,
  matchesProbeSearch,
  PROBE_SEARCH_MIN_LENGTH,
} from '@emberwatch/shared/domain/settingsVisibility';
import type { SettingsProbe } from './useStationProbes';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * The searchable checkbox list of the enable/disable and transfer dialogs (spec doc 2 §5: the search
 * starts at 2 characters, 300 ms after typing stops). Checked probes stay checked while filtered out.
 */
export function ProbePickList({
  probes,
  checked,
  onToggle,
}: {
  probes: readonly SettingsProbe[];
  checked: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, DIALOG_SEARCH_DEBOUNCE_MS);
  const shown = probes.filter((p) => matchesProbeSearch(p, query));
  const short = search.trim().length > 0 && search.trim().length < PROBE_SEARCH_MIN_LENGTH;
  return (
    <Box>
      <TextField
        label={t('settings.probes.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        fullWidth
        helperText={short ? t('settings.probes.searchMin', { count: PROBE_SEARCH_MIN_LENGTH }) : ' '}
        slotProps={{ htmlInput: { 'data-testid': 'probe-search', type: 'search' } }}
      />
      <List dense sx={{ maxHeight: 320, overflow: 'auto' }} data-testid="probe-pick-list">
        {shown.map((p) => {
          const id = `pick-${p.sensor_id_sys}`;
          return (
            <ListItem key={p.sensor_id_sys} disablePadding>
              <ListItemButton onClick={() => onToggle(p.sensor_id_sys)} dense>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox
                    edge="start"
                    checked={checked.has(p.sensor_id_sys)}
                    tabIndex={-1}
                    disableRipple
                    slotProps={{ input: { 'aria-labelledby': id } }}
                  />
                </ListItemIcon>
                <ListItemText
                  id={id}
                  primary={p.sensor_name?.trim() || p.sensor_id_sys}
                  secondary={p.sensor_name?.trim() ? p.sensor_id_sys : null}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
        {shown.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('settings.probes.noMatch')}
          </Typography>
        )}
      </List>
    </Box>
  );
}
