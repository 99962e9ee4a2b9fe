import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiKey, ApiKeyScope } from '@emberwatch/shared/contracts/publicApiKeys';
import { useApiKeys, useKeyAction } from './apiKeysQueries';
import { RenameKeyDialog } from './RenameKeyDialog';
import { useDateTimeText } from '../sessions';
import './locale';

/**
 * The account's API keys (issue 33 item 1, decision 0109), on the account page's Credentials tab for
 * its owner: make one (name, scope), see each key's last use, rename it (in a dialog), rotate or revoke it. A new or
 * rotated key is shown once, here, until the section is left.
 */
export function ApiKeysSection() {
  const { t } = useTranslation();
  // In the user's date and time formats (spec doc 1 §9), the same drawn on the server as in the browser.
  const dateTimeText = useDateTimeText();
  const when = (ts: number | null) => (ts === null ? '—' : dateTimeText(ts));
  const keys = useApiKeys();
  const action = useKeyAction();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [shown, setShown] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<ApiKey | null>(null);

  const run = (a: Parameters<typeof action.mutate>[0]) =>
    action.mutate(a, { onSuccess: (secret) => setShown(secret) });

  if (keys.isError) return null;
  const plan = keys.data?.api_plan;
  return (
    <Paper variant="outlined" sx={{ px: { xs: 1.5, sm: 2.5 }, py: 1.5, mt: 2 }} data-testid="api-keys">
      <Typography variant="h6">{t('publicApi.keys.title')}</Typography>
      {plan && (
        <Alert severity={plan.active ? 'info' : 'warning'} sx={{ my: 1 }} data-testid="api-plan">
          {plan.active
            ? t('publicApi.keys.planActive', { date: when(plan.due) })
            : plan.due === null
              ? t('publicApi.keys.planMissing')
              : t('publicApi.keys.planExpired', { date: when(plan.due) })}
        </Alert>
      )}
      {shown && (
        <Alert severity="success" sx={{ my: 1 }} onClose={() => setShown(null)}>
          {t('publicApi.keys.shownOnce')}
          <Box
            component="code"
            sx={{ display: 'block', wordBreak: 'break-all', mt: 1 }}
            data-testid="api-key-secret"
          >
            {shown}
          </Box>
        </Alert>
      )}
      {action.isError && <Alert severity="error">{t('publicApi.keys.failed')}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', my: 1 }}>
        <TextField
          size="small"
          label={t('publicApi.keys.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'api-key-name', maxLength: 60 } }}
        />
        <TextField
          select
          size="small"
          label={t('publicApi.keys.scope')}
          value={scope}
          onChange={(e) => setScope(e.target.value as ApiKeyScope)}
          data-testid="api-key-scope"
        >
          <MenuItem value="read">{t('publicApi.keys.scopeRead')}</MenuItem>
          <MenuItem value="activate">{t('publicApi.keys.scopeActivate')}</MenuItem>
        </TextField>
        <Button
          variant="contained"
          disabled={name.trim() === '' || action.isPending}
          onClick={() => run({ kind: 'generate', name: name.trim(), scope })}
          data-testid="api-key-create"
        >
          {t('publicApi.keys.create')}
        </Button>
      </Box>
      {keys.data && keys.data.keys.length === 0 && (
        <Typography color="text.secondary">{t('publicApi.keys.none')}</Typography>
      )}
      {keys.data && keys.data.keys.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('publicApi.keys.name')}</TableCell>
              <TableCell>{t('publicApi.keys.scope')}</TableCell>
              <TableCell>{t('publicApi.keys.lastUsed')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.data.keys.map((k) => (
              <TableRow key={k.id} data-testid={`api-key-${k.id}`}>
                <TableCell>
                  {k.name}
                  <Typography variant="caption" display="block" color="text.secondary">
                    ewk_{k.id}
                  </Typography>
                </TableCell>
                <TableCell>
                  {k.scope === 'read' ? t('publicApi.keys.scopeRead') : t('publicApi.keys.scopeActivate')}
                </TableCell>
                <TableCell>
                  {k.last_used_ts === null
                    ? t('publicApi.keys.neverUsed')
                    : `${when(k.last_used_ts)} (${k.last_used_ip ?? ''})`}
                </TableCell>
                <TableCell align="right">
                  {k.revoked_ts !== null ? (
                    <Typography color="text.secondary">
                      {t('publicApi.keys.revoked', { date: when(k.revoked_ts) })}
                    </Typography>
                  ) : (
                    <>
                      <Button size="small" onClick={() => setRenaming(k)} data-testid="api-key-rename">
                        {t('publicApi.keys.rename')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => run({ kind: 'rotate', id: k.id })}
                        data-testid="api-key-rotate"
                      >
                        {t('publicApi.keys.rotate')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => run({ kind: 'revoke', id: k.id })}
                        data-testid="api-key-revoke"
                      >
                        {t('publicApi.keys.revoke')}
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {renaming && <RenameKeyDialog apiKey={renaming} onClose={() => setRenaming(null)} />}
    </Paper>
  );
}
