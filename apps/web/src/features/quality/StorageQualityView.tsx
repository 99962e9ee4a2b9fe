import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProbeQuality } from '@emberwatch/shared/contracts/quality';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { useNowSeconds } from '../../lib/useNowSeconds';
import { useUiPreferences } from '../sessions';
import { ProbeQualityCell } from './ProbeQualityCell';
import { choiceOfStoredPeriod, type QualityPeriodChoice } from './qualityPeriodChoice';
import { QualityPeriodPicker } from './QualityPeriodPicker';
import { SavePeriodButton } from './SavePeriodButton';
import { binnedProbeIds, qualityLevels } from './qualityLevels';
import { useStorageQuality } from './qualityQueries';
import { ScrollRegion } from '../../ui/ScrollRegion';

const CELL = 76;

/**
 * The storage detail's hay-quality mode (spec doc 3 §2 mode 4, §4 "Quality view"): the period picker
 * and, in the layout's cells, each hay probe's bars, last temperature and days-to-drop. The period
 * starts as the storage's saved one; changing it clears the view and loads the new period.
 */
export function StorageQualityView({ storage }: { storage: Storage }) {
  const { t } = useTranslation();
  const ui = useUiPreferences();
  const unit = unitOf(ui.degrees);
  const nowS = useNowSeconds(60_000);
  const [choice, setChoice] = useState<QualityPeriodChoice>(() =>
    choiceOfStoredPeriod(storage.qualityPeriod),
  );
  const quality = useStorageQuality(storage.itemID, choice);

  const byId = new Map<string, ProbeQuality>((quality.data?.probes ?? []).map((p) => [p.ID, p]));
  const levels = qualityLevels(storage.sensor_layout, storage.stacks);
  const bin = binnedProbeIds(storage.sensor_layout, storage.stacks).filter((id) => byId.has(id));
  const cell = (id: string) => {
    const probe = byId.get(id);
    return probe ? (
      <ProbeQualityCell key={id} probe={probe} unit={unit} colorStepsC={ui.color_steps} />
    ) : (
      <Typography key={id} variant="caption" color="text.secondary" data-testid="no-quality">
        {id}
      </Typography>
    );
  };

  return (
    <Stack spacing={2} data-testid="storage-quality">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <QualityPeriodPicker value={choice} onChange={setChoice} nowS={nowS} />
        <SavePeriodButton storage={storage} choice={choice} />
        <Link component={RouterLink} to="/quality" variant="body2" sx={{ ml: 'auto' }}>
          {t('quality.allStorages')}
        </Link>
      </Stack>
      {quality.isPending ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : quality.isError ? (
        <LoadErrorAlert error={quality.error} onRetry={() => void quality.refetch()} />
      ) : quality.data.probes.length === 0 ? (
        <Typography color="text.secondary">{t('quality.noHayProbes')}</Typography>
      ) : (
        <>
          {levels.map((level) => {
            const levelName = t(level.kind === 'stack' ? 'quality.stack' : 'quality.floor', {
              number: level.number,
            });
            return (
              <Box key={level.key} data-testid="quality-level">
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                  {levelName}
                </Typography>
                {/* As the temperatures' layout (decision 0078): a column is as wide as its widest
                  probe, so nothing spills into the next cell; a level wider than the page scrolls,
                  by keyboard too (a named region in the tab order, decision 0138). */}
                <ScrollRegion label={levelName}>
                  <Box
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: `repeat(${Math.max(1, ...level.rows.map((row) => row.length))}, minmax(min-content, max-content))`,
                      width: 'fit-content',
                    }}
                  >
                    {level.rows.map((row, r) =>
                      row.map((c, column) => (
                        <Box
                          key={c.key}
                          sx={{
                            gridRow: r + 1,
                            gridColumn: column + 1,
                            minWidth: CELL,
                            minHeight: CELL,
                            border: 1,
                            borderColor: 'divider',
                            display: 'flex',
                            flexDirection: 'column',
                            alignItems: 'center',
                            justifyContent: 'center',
                          }}
                        >
                          {c.probeIds.map(cell)}
                        </Box>
                      )),
                    )}
                  </Box>
                </ScrollRegion>
              </Box>
            );
          })}
          {bin.length > 0 && (
            <Box>
              <Typography variant="subtitle2">{t('quality.bin')}</Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {bin.map(cell)}
              </Stack>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}
