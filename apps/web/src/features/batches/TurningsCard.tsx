import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TURNING_NOTE_MAX, type Batch } from '@emberwatch/shared/contracts/batches';
import { dateTimeInputIn, epochOfWallClock, parseDateTimeInput } from '@emberwatch/shared/domain/wallClock';
import { useAddTurning, useRemoveTurning } from './batchQueries';
import { useBatchFormat } from './useBatchFormat';

/**
 * The recorded turnings of a batch's pile (the sanitisation standards count them: PFRP asks five in
 * a windrow's 15 days, PAS 100 two), and recording one, now or when it was done.
 */
export function TurningsCard({ batch, mayRecord }: { batch: Batch; mayRecord: boolean }) {
  const { t } = useTranslation();
  const fmt = useBatchFormat(batch.BS_ID);
  // The time field is on the station's clock, as the turnings listed (decision 0079); untouched, it
  // holds the time the card opened.
  const [openedS] = useState(() => Math.floor(Date.now() / 1000));
  const [typed, setWhen] = useState<string | null>(null);
  const when = typed ?? dateTimeInputIn(openedS, fmt.timeZone);
  const [note, setNote] = useState('');
  const add = useAddTurning(batch.batch_id);
  const remove = useRemoveTurning(batch.batch_id);
  const turnings = [...batch.turnings].sort((a, b) => b.ts - a.ts);

  const record = () => {
    const clock = parseDateTimeInput(when);
    const ts = clock ? epochOfWallClock(clock, fmt.timeZone) : Number.NaN;
    add.mutate(
      { ...(Number.isFinite(ts) ? { ts } : {}), ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => setNote('') },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="batch-turnings">
      <Typography variant="h6" component="h2">
        {t('batches.turnings.title')}
      </Typography>
      {turnings.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('batches.turnings.empty')}
        </Typography>
      ) : (
        <List dense>
          {turnings.map((tr) => (
            <ListItem
              key={tr.id}
              disableGutters
              secondaryAction={
                mayRecord ? (
                  <IconButton
                    edge="end"
                    aria-label={t('batches.turnings.remove', { time: fmt.dateTime(tr.ts) })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(tr.id)}
                  >
                    <Delete />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemText primary={fmt.dateTime(tr.ts)} secondary={tr.note ?? undefined} />
            </ListItem>
          ))}
        </List>
      )}
      {mayRecord && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
          <TextField
            size="small"
            type="datetime-local"
            label={t('batches.turnings.time')}
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            label={t('batches.turnings.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            slotProps={{ htmlInput: { maxLength: TURNING_NOTE_MAX } }}
            sx={{ flex: '1 1 200px' }}
          />
          <Button variant="outlined" onClick={record} disabled={add.isPending} data-testid="turning-add">
            {t('batches.turnings.add')}
          </Button>
        </Box>
      )}
      {(add.error ?? remove.error) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('batches.failed', { message: (add.error ?? remove.error)?.message ?? '' })}
        </Alert>
      )}
    </Paper>
  );
}
