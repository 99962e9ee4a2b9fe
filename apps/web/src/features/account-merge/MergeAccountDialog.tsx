import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { CheckAccountMergeResponse, MergeCountsBody } from '@emberwatch/shared/contracts/accountMerge';
import { MERGE_COUNTS } from '@emberwatch/shared/domain/accountMerge/mergeRules';
import { useCheckAccountMerge, useDoAccountMerge, useReloadAfterMerge } from './accountMergeQueries';
import { mergeMessage } from './mergeMessage';

function Counts({ counts, testId }: { counts: MergeCountsBody; testId: string }) {
  const { t } = useTranslation();
  return (
    <Table size="small" data-testid={testId}>
      <TableBody>
        {MERGE_COUNTS.map((k) => (
          <TableRow key={k} data-testid={`${testId}-${k}`}>
            <TableCell>{t(`accountMerge.counts.${k}`)}</TableCell>
            <TableCell align="right">{counts[k]}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The merge dialog (spec doc 2 §4 "Account merge … one-way operations with confirmation", §7, §8):
 * the target by a station id or username, the check's summary of what would move, a confirmation that
 * it cannot be undone, progress while it runs, and the result or the spec's error texts.
 */
export function MergeAccountDialog({ bsId, onClose }: { bsId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState('');
  const [sure, setSure] = useState(false);
  const check = useCheckAccountMerge();
  const merge = useDoAccountMerge();
  const reload = useReloadAfterMerge();
  const summary: CheckAccountMergeResponse | undefined = check.data;
  const done = merge.data;
  const error = merge.isError ? merge.error : check.isError ? check.error : null;

  const runCheck = () => {
    if (target.trim() === '') return;
    merge.reset();
    setSure(false);
    check.mutate({ BS_ID: bsId, target: target.trim() });
  };
  const close = () => {
    if (merge.isSuccess) void reload();
    onClose();
  };
  const back = () => {
    check.reset();
    merge.reset();
    setSure(false);
  };

  return (
    <Dialog
      open
      onClose={merge.isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="merge-title"
    >
      <DialogTitle id="merge-title">{t('accountMerge.title', { bsId })}</DialogTitle>
      <DialogContent>
        {done ? (
          <>
            <Alert severity="success" data-testid="merge-done">
              {t('accountMerge.done', {
                source: summary?.source.username ?? '',
                target: summary?.target.username ?? '',
              })}
            </Alert>
            <Counts counts={done.moved} testId="merge-moved" />
          </>
        ) : summary ? (
          <>
            <DialogContentText data-testid="merge-summary-text">
              {t('accountMerge.summary', {
                source: summary.source.username,
                sourceBSs: summary.source.BSs.join(', '),
                target: summary.target.username,
                targetBSs: summary.target.BSs.join(', ') || '—',
              })}
            </DialogContentText>
            <Counts counts={summary.moves} testId="merge-summary" />
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('accountMerge.oneWay', { source: summary.source.username })}
            </Alert>
            <FormControlLabel
              control={
                <Checkbox
                  checked={sure}
                  onChange={(e) => setSure(e.target.checked)}
                  disabled={merge.isPending}
                  slotProps={{ input: { 'data-testid': 'merge-confirm' } as object }}
                />
              }
              label={t('accountMerge.confirm')}
            />
            {merge.isPending && (
              <LinearProgress data-testid="merge-progress" aria-label={t('accountMerge.running')} />
            )}
          </>
        ) : (
          <>
            <DialogContentText>{t('accountMerge.explain')}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={t('accountMerge.target')}
              helperText={t('accountMerge.targetHelp')}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && runCheck()}
              slotProps={{ htmlInput: { 'data-testid': 'merge-target', maxLength: 200 } }}
            />
            {check.isPending && <LinearProgress aria-label={t('accountMerge.checking')} />}
          </>
        )}
        {error !== null && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="merge-error">
            {mergeMessage(t, error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {summary && !done && (
          <Button onClick={back} disabled={merge.isPending}>
            {t('accountMerge.back')}
          </Button>
        )}
        <Button onClick={close} disabled={merge.isPending}>
          {t(done ? 'accountMerge.close' : 'accountMerge.cancel')}
        </Button>
        {!summary && (
          <Button
            variant="contained"
            onClick={runCheck}
            disabled={check.isPending || target.trim() === ''}
            data-testid="merge-check"
          >
            {t('accountMerge.check')}
          </Button>
        )}
        {summary && !done && (
          <Button
            variant="contained"
            color="warning"
            disabled={!sure || merge.isPending}
            onClick={() =>
              merge.mutate({
                UID: summary.source.UID,
                targetUID: summary.target.UID,
                BSs: summary.source.BSs,
                targetBSs: summary.target.BSs,
              })
            }
            data-testid="merge-send"
          >
            {t('accountMerge.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
