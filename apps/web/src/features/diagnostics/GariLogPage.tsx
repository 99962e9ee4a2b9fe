import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mayUseOperatorTool } from '@emberwatch/shared/domain/operatorTools';
import { useShellContext } from '../../lib/shellContext';
import { QueryAdminTable } from '../../ui/QueryAdminTable';
import { useGariCalls } from './diagnosticsQueries';
import { AccessDetail, SpanSelect, Truncated, useAccessColumns } from './tableParts';
import { useDrawnMomentSeconds } from '../../lib/useDrawnMomentSeconds';

/**
 * /g-log (spec doc 1 §2 diagnostic pages, §7 getGariCallLog; decision 0095): the calls of the older
 * Gari system's users — the way the Gari system reaches Emberwatch. Root, Admin and Tech staff.
 */
export function GariLogPage() {
  const { t } = useTranslation();
  const { roleContext } = useShellContext();
  if (!mayUseOperatorTool(roleContext, 'serverDiagnostics'))
    return <Alert severity="warning">{t('diagnostics.notYours')}</Alert>;
  return <GariLog />;
}

function GariLog() {
  const { t } = useTranslation();
  const [hours, setHours] = useState(24);
  const toTs = useDrawnMomentSeconds();
  const calls = useGariCalls(toTs - hours * 3600, toTs);
  const columns = useAccessColumns();
  return (
    <Stack spacing={2} data-testid="gari-log">
      <Typography variant="body2" color="text.secondary">
        {t('diagnostics.gari.intro')}
      </Typography>
      <SpanSelect value={hours} onChange={setHours} testId="gari-span" />
      <Truncated shown={calls.data?.truncated === true} />
      <QueryAdminTable
        query={{ data: calls.data?.results, error: calls.error, refetch: calls.refetch }}
        columns={columns}
        rowKey={(e) => e.id}
        label={t('diagnostics.gari.title')}
        detail={(e) => <AccessDetail entry={e} />}
        initialSort={{ key: 'ts', direction: 'desc' }}
        emptyText={t('diagnostics.gari.empty')}
        testId="gari-table"
      />
    </Stack>
  );
}
