import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Refresh from '@mui/icons-material/Refresh';
import { TIMESTAMP_REFRESH_MS } from '@emberwatch/shared/domain/probeList';
import { visibleMenuEntries } from '@emberwatch/shared/domain/roles';
import {
  maySeeSiteIndex,
  rankSites,
  siteMatches,
  type SiteSortKey,
} from '@emberwatch/shared/domain/siteIndex';
import { isNetworkFailure } from '../../lib/ApiRequestError';
import { refusalText } from '../../lib/refusalText';
import { useShellContext } from '../../lib/shellContext';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { EmptyState } from '../../ui/EmptyState';
import { useDateTimeText } from '../sessions';
import { SiteTable } from './SiteTable';
import { siteRowsOf } from './siteRows';
import { useMultisiteData } from './siteIndexQueries';
import './locale';
import { Redirect } from '../../lib/Redirect';

const SORTS: readonly SiteSortKey[] = ['hottest', 'alerts', 'name'];

/**
 * /siteindex (spec doc 2 §2.7, §9; issue 32 item 2, decision 0105): the sites of every farm the
 * user watches — the hottest probe now in the user's colour steps, open alerts, the newest reading's
 * age (over 24 h highlighted, over 7 days not available) — filtered by name, hottest first by
 * default, read again every 120 s and on demand. A site opens its farm's probes or storages.
 */
export function SiteIndexPage() {
  const { t } = useTranslation();
  const { roleContext, implementedEntries } = useShellContext();
  const allowed = maySeeSiteIndex(roleContext);
  const data = useMultisiteData(allowed);
  const nowS = useNowSeconds(TIMESTAMP_REFRESH_MS);
  const timeText = useDateTimeText();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SiteSortKey>('hottest');

  const all = useMemo(() => siteRowsOf(data.data?.farms ?? []), [data.data]);
  const rows = useMemo(
    () =>
      rankSites(
        all.filter((r) => siteMatches(r, filter)),
        sort,
      ),
    [all, filter, sort],
  );
  if (!allowed) return <Redirect to="/" />;

  const withStorages =
    implementedEntries.includes('storages') && visibleMenuEntries(roleContext).includes('storages');
  const farms = data.data?.farms.length ?? 0;
  const alerts = all.reduce((n, r) => n + r.openAlerts, 0);

  return (
    <Stack spacing={2} data-testid="site-index-page">
      <Typography variant="body2" color="text.secondary">
        {t('siteIndex.page.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label={t('siteIndex.toolbar.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          size="small"
          label={t('siteIndex.toolbar.sort')}
          value={sort}
          onChange={(e) => setSort(e.target.value as SiteSortKey)}
          sx={{ minWidth: 200 }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`siteIndex.sort.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<Refresh />}
          onClick={() => void data.refetch()}
          disabled={data.isFetching}
        >
          {data.isFetching ? t('siteIndex.toolbar.refreshing') : t('siteIndex.toolbar.refresh')}
        </Button>
        {data.dataUpdatedAt > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="site-index-updated">
            {t('siteIndex.toolbar.updatedAt', { time: timeText(Math.floor(data.dataUpdatedAt / 1000)) })}
          </Typography>
        )}
      </Stack>

      {/* Spec doc 2 §8 "Multisite error status shows an empty list": the list stays empty, and says why. */}
      {data.isError && (
        <Alert
          severity="error"
          data-testid="site-index-error"
          action={
            <Button color="inherit" size="small" onClick={() => void data.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {isNetworkFailure(data.error)
            ? t('errors.network')
            : refusalText(data.error, t('siteIndex.error.load'))}
        </Alert>
      )}

      {data.data && !data.isError && (
        <Typography variant="body2" data-testid="site-index-summary">
          {t('siteIndex.summary', { farms, sites: all.length, alerts })}
        </Typography>
      )}

      {data.isPending ? (
        <Typography color="text.secondary">{t('common.loading')}</Typography>
      ) : rows.length === 0 || data.isError ? (
        <EmptyState
          text={
            all.length > 0 && !data.isError
              ? t('siteIndex.empty.filtered', { text: filter.trim() })
              : t('siteIndex.empty.none')
          }
        />
      ) : (
        <SiteTable rows={rows} nowS={nowS} withStorages={withStorages} />
      )}
    </Stack>
  );
}
