import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Edit from '@mui/icons-material/Edit';
import Sensors from '@mui/icons-material/Sensors';
import Warehouse from '@mui/icons-material/Warehouse';
import { siteFreshness } from '@emberwatch/shared/domain/siteIndex';
import { BandTemperature } from '../probes';
import { SiteAge } from './SiteAge';
import { SiteNameEditor } from './SiteNameEditor';
import type { SiteRow } from './siteRows';
import { useOpenSite } from './useOpenSite';

const PAGE_SIZES = [50, 100, 200];

/**
 * The sites, a row each: farm, site (renamed in place), the hottest probe now coloured by the
 * viewer's colour steps, open alerts, the newest reading's age, and the way into the farm's probes
 * (and storages, when the viewer has them). 50 rows a page: 500 farms make 1,500 rows.
 */
export function SiteTable({
  rows,
  nowS,
  withStorages,
}: {
  rows: readonly SiteRow[];
  nowS: number;
  withStorages: boolean;
}) {
  const { t } = useTranslation();
  const open = useOpenSite();
  const [editing, setEditing] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('siteIndex.table.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('siteIndex.table.farm')}</TableCell>
              <TableCell>{t('siteIndex.table.site')}</TableCell>
              <TableCell>{t('siteIndex.table.hottest')}</TableCell>
              <TableCell align="right">{t('siteIndex.table.alerts')}</TableCell>
              <TableCell>{t('siteIndex.table.lastData')}</TableCell>
              <TableCell align="right">{t('siteIndex.table.probes')}</TableCell>
              <TableCell>{t('siteIndex.table.open')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => {
              const s = row.site;
              const freshness = siteFreshness(s.lastDataTs, nowS);
              const stationName = s.stationName?.trim() || s.BS_ID;
              return (
                <TableRow key={row.key} data-testid={`site-row-${s.BS_ID}`} data-freshness={freshness}>
                  <TableCell>
                    <Typography variant="body2">{row.farmName}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {row.username}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {editing === row.key ? (
                      <SiteNameEditor
                        siteUID={row.farmUID}
                        bsId={s.BS_ID}
                        current={s.siteName}
                        stationName={stationName}
                        onClose={() => setEditing(null)}
                      />
                    ) : (
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                        <Box>
                          <Link
                            component="button"
                            variant="body2"
                            onClick={() => open(s.BS_ID, '/probes')}
                            data-testid="site-name"
                          >
                            {s.name}
                          </Link>
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                            {s.siteName ? `${stationName} · ${s.BS_ID}` : s.BS_ID}
                          </Typography>
                        </Box>
                        <IconButton
                          size="small"
                          aria-label={t('siteIndex.actions.rename', { site: s.name })}
                          onClick={() => setEditing(row.key)}
                        >
                          <Edit fontSize="small" />
                        </IconButton>
                      </Box>
                    )}
                  </TableCell>
                  <TableCell data-testid="site-hottest">
                    {s.hottest && freshness !== 'notAvailable' ? (
                      <>
                        <BandTemperature tenths={s.hottest.temperature} />
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {t('siteIndex.cells.probe', {
                            name: s.hottest.name?.trim() || s.hottest.sensor_id,
                          })}
                        </Typography>
                      </>
                    ) : (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {freshness === 'noData'
                          ? t('siteIndex.cells.noData')
                          : t('siteIndex.cells.notAvailable')}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell align="right" data-testid="site-alerts">
                    {s.openAlerts > 0 ? (
                      <Chip
                        size="small"
                        color="error"
                        label={s.openAlerts}
                        aria-label={t('siteIndex.cells.alerts', { count: s.openAlerts })}
                      />
                    ) : (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        0
                      </Box>
                    )}
                  </TableCell>
                  <TableCell data-testid="site-age">
                    <SiteAge lastDataTs={s.lastDataTs} freshness={freshness} nowS={nowS} />
                  </TableCell>
                  <TableCell align="right">{s.probes}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      aria-label={t('siteIndex.actions.openProbes', { site: s.name })}
                      onClick={() => open(s.BS_ID, '/probes')}
                    >
                      <Sensors fontSize="small" />
                    </IconButton>
                    {withStorages && (
                      <IconButton
                        size="small"
                        aria-label={t('siteIndex.actions.openStorages', { site: s.name })}
                        onClick={() => open(s.BS_ID, '/storages')}
                      >
                        <Warehouse fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > PAGE_SIZES[0]! && (
        <TablePagination
          component="div"
          count={rows.length}
          page={shownPage}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('common.table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('common.table.displayedRows', { from, to, count })}
        />
      )}
    </Paper>
  );
}
