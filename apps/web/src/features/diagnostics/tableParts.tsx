import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AccessLogEntry } from '@emberwatch/shared/contracts/diagnostics';
import type { AdminColumn } from '../../ui/AdminTable';
import { timeColumn } from '../../ui/timeColumn';
import { useDateTimeText } from '../sessions';

/** The spans the diagnostics pages offer, in hours back from now. */
export const SPANS_H = [1, 6, 24, 72, 168] as const;

export function SpanSelect({
  value,
  onChange,
  testId,
}: {
  value: number;
  onChange: (h: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('diagnostics.span')}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 140 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {SPANS_H.map((h) => (
        <MenuItem key={h} value={h}>
          {t('diagnostics.lastHours', { count: h })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Said when an answer holds the newest rows only. */
export function Truncated({ shown }: { shown: boolean }) {
  const { t } = useTranslation();
  return shown ? <Alert severity="info">{t('diagnostics.truncated')}</Alert> : null;
}

/** The access log's columns (the access log tab and the Gari calls). */
export function useAccessColumns(): AdminColumn<AccessLogEntry>[] {
  const { t } = useTranslation();
  const time = useDateTimeText();
  return [
    timeColumn(time, 'ts', t('diagnostics.columns.time'), (e) => e.ts),
    { key: 'method', label: t('diagnostics.columns.method'), value: (e) => e.method },
    { key: 'path', label: t('diagnostics.columns.path'), value: (e) => e.path },
    { key: 'status', label: t('diagnostics.columns.status'), value: (e) => e.status, align: 'right' },
    {
      key: 'duration',
      label: t('diagnostics.columns.duration'),
      value: (e) => e.duration_ms,
      render: (e) => e.duration_ms.toFixed(1),
      align: 'right',
    },
    {
      key: 'user',
      label: t('diagnostics.columns.user'),
      value: (e) => e.username ?? (e.user_id === null ? null : String(e.user_id)),
    },
    { key: 'ip', label: t('diagnostics.columns.ip'), value: (e) => e.ip },
  ];
}

/** An access log entry's sub-row: what the row has no room for. */
export function AccessDetail({ entry }: { entry: AccessLogEntry }) {
  const { t } = useTranslation();
  return (
    <dl style={{ margin: 0 }} data-testid="access-detail">
      <dt>{t('diagnostics.columns.route')}</dt>
      <dd>{entry.route ?? '—'}</dd>
      <dt>{t('diagnostics.columns.server')}</dt>
      <dd>{entry.server}</dd>
      <dt>{t('diagnostics.columns.family')}</dt>
      <dd>{entry.family ?? t('diagnostics.mainFamily')}</dd>
      <dt>{t('diagnostics.columns.userId')}</dt>
      <dd>{entry.user_id ?? '—'}</dd>
    </dl>
  );
}
