import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FindSystemBy, SystemMatch } from '@emberwatch/shared/contracts/adminConsole';
import { customerLabel, type SystemFamily } from '@emberwatch/shared/domain/adminConsole';
import { stationLabel } from '@emberwatch/shared/domain/baseStationTabs';
import { useFindSystem } from './adminConsoleQueries';

/** The search waits this long after the last key (a fleet-wide search per key would be wasted). */
export const PICKER_DEBOUNCE_MS = 250;

const SEARCH_IN: readonly FindSystemBy[] = ['any', 'station', 'probe', 'user', 'phone', 'sim'];

/**
 * The admin bar's base-station picker (spec doc 1 §2 "searchable base-station picker"; decision
 * 0088): the server searches every station of the family by station id or name, probe, user, phone
 * or SIM, and each match shows the station, its owner and what matched. Picking one hands it on.
 */
export function StationPicker({
  family,
  onPick,
}: {
  family: SystemFamily;
  onPick: (match: SystemMatch) => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState('');
  const [by, setBy] = useState<FindSystemBy>('any');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(text.trim()), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);
  const search = useFindSystem({ q, by, family });
  const matches = search.data?.pages.flatMap((p) => p.results) ?? [];
  const open = q !== '' && text.trim() !== '';

  return (
    <Box sx={{ position: 'relative', flex: '1 1 320px', minWidth: 0, maxWidth: 640 }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setText('');
          }}
          placeholder={t('admin.picker.placeholder')}
          slotProps={{
            htmlInput: {
              'aria-label': t('admin.picker.search'),
              'aria-controls': open ? listId : undefined,
              maxLength: 64,
            },
          }}
          sx={{ flex: 1, bgcolor: 'background.paper', borderRadius: 1 }}
        />
        <TextField
          select
          size="small"
          value={by}
          onChange={(e) => setBy(e.target.value as FindSystemBy)}
          slotProps={{ htmlInput: { 'aria-label': t('admin.picker.searchIn') } }}
          sx={{ width: 150, bgcolor: 'background.paper', borderRadius: 1 }}
        >
          {SEARCH_IN.map((key) => (
            <MenuItem key={key} value={key}>
              {t(`admin.picker.by.${key}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {open && (
        <Paper
          elevation={8}
          sx={{
            position: 'absolute',
            zIndex: (theme) => theme.zIndex.modal,
            left: 0,
            right: 0,
            mt: 0.5,
            maxHeight: 420,
            overflowY: 'auto',
            color: 'text.primary',
          }}
        >
          {search.isError ? (
            <Typography role="alert" sx={{ p: 2 }}>
              {t('admin.picker.failed')}
            </Typography>
          ) : search.isPending ? (
            <Typography role="status" sx={{ p: 2 }}>
              {t('admin.picker.searching')}
            </Typography>
          ) : matches.length === 0 ? (
            <Typography role="status" sx={{ p: 2 }}>
              {t('admin.picker.none')}
            </Typography>
          ) : (
            <List id={listId} dense aria-label={t('admin.picker.results')} disablePadding>
              {matches.map((m) => (
                <ListItemButton
                  key={`${m.bs_id} ${m.matched.key} ${m.matched.value}`}
                  divider
                  onClick={() => {
                    setText('');
                    onPick(m);
                  }}
                  data-testid="picker-match"
                >
                  <ListItemText
                    primary={stationLabel(m) === m.bs_id ? m.bs_id : `${stationLabel(m)} · ${m.bs_id}`}
                    secondary={`${customerLabel(m.owner)} · ${t(`admin.picker.keys.${m.matched.key}`)}: ${m.matched.value}`}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
          {search.hasNextPage && (
            <Button
              fullWidth
              onClick={() => void search.fetchNextPage()}
              disabled={search.isFetchingNextPage}
            >
              {t('admin.picker.more')}
            </Button>
          )}
        </Paper>
      )}
    </Box>
  );
}
