import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { LayoutEditorFrame } from './LayoutEditorFrame';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SensorLayout } from '@emberwatch/shared/contracts/storageLayout';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import type { LayoutSettings } from '@emberwatch/shared/domain/storageLayout/layoutLimits';
import {
  addColumn,
  addFloor,
  addRow,
  removeLastColumn,
  removeLastFloor,
  removeLastRow,
} from '@emberwatch/shared/domain/storageLayout/layoutSizeSteps';
import { moveProbeToBin } from '@emberwatch/shared/domain/storageLayout/moveProbeToBin';
import { placedProbeIds } from '@emberwatch/shared/domain/storageLayout/placedProbeIds';
import { placeProbe } from '@emberwatch/shared/domain/storageLayout/placeProbe';
import type { ProbePosition } from '@emberwatch/shared/domain/storageLayout/probePosition';
import { binProbeIds } from './layoutLevels';
import { useProbeCandidates } from './useProbeCandidates';
import { VacantProbePicker } from './VacantProbePicker';

/**
 * The edit mode of a rows/floors layout (spec doc 3 §4, §5): the vacant probes (non-hay, not in
 * another storage, searchable), placing one into an empty cell (pick the probe then the cell, or the
 * cell then the probe), moving a placed probe to the bin, and adding or removing the last row, the
 * last cell of a row and the last floor. Every step goes through the shared layout rules; the parent
 * holds the draft and saves or discards it.
 */
export function RowsLayoutEditor({
  storage,
  draft,
  onChange,
  settings = { segment: null },
}: {
  storage: Storage;
  draft: SensorLayout;
  onChange: (layout: SensorLayout) => void;
  /** The account's first plan segment: segment 15 allows 15 rows and 30 columns (doc 3 §5). */
  settings?: LayoutSettings;
}) {
  const { t } = useTranslation();
  const [probe, setProbe] = useState<string | null>(null);
  const [cell, setCell] = useState<ProbePosition | null>(null);
  const { candidates, nameOf } = useProbeCandidates(
    storage,
    draft.sensors.map((s) => s.id),
  );

  const place = (id: string, at: ProbePosition) => {
    onChange(placeProbe(draft, { id, ...at }));
    setProbe(null);
    setCell(null);
  };
  const onCell = (at: ProbePosition) => (probe === null ? setCell(at) : place(probe, at));
  const onProbe = (id: string) => (cell === null ? setProbe(id === probe ? null : id) : place(id, cell));
  const sameCell = (a: ProbePosition | null, b: ProbePosition) =>
    a !== null && a.row === b.row && a.column === b.column && a.floor === b.floor;
  const rows = [...draft.rows].sort((a, b) => a.index - b.index);
  const bin = binProbeIds(draft, []);

  return (
    <LayoutEditorFrame
      picker={
        <VacantProbePicker
          layout="rows"
          storageId={storage.itemID}
          candidates={candidates}
          placedIds={placedProbeIds({ sensorLayout: draft })}
          picked={probe}
          onPick={onProbe}
        />
      }
      binNames={bin.map(nameOf)}
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => onChange(addRow(settings, draft))}>
          {t('storageDetail.addRow')}
        </Button>
        <Button
          size="small"
          disabled={draft.rows.length <= 1}
          onClick={() => onChange(removeLastRow(settings, draft))}
        >
          {t('storageDetail.removeRow')}
        </Button>
        <Button size="small" onClick={() => onChange(addFloor(settings, draft))}>
          {t('storageDetail.addFloor')}
        </Button>
        <Button
          size="small"
          disabled={draft.floors <= 1}
          onClick={() => onChange(removeLastFloor(settings, draft))}
        >
          {t('storageDetail.removeFloor')}
        </Button>
      </Stack>
      {Array.from({ length: draft.floors }, (_, floor) => (
        // A floor wider than the room scrolls by itself; the page does not.
        <Box
          component="section"
          key={floor}
          data-testid={`edit-floor-${floor}`}
          sx={{ mb: 2, overflowX: 'auto' }}
        >
          {draft.floors > 1 && (
            <Typography variant="subtitle2" component="h3">
              {t('storageDetail.floor', { n: floor + 1 })}
            </Typography>
          )}
          {rows.map((row) => (
            <Box key={row.index} sx={{ display: 'flex', gap: 0.5, mb: 0.5, alignItems: 'center' }}>
              {Array.from({ length: row.rowLength }, (_, column) => {
                const at = { row: row.index, column, floor };
                const here = draft.sensors.find(
                  (s) => s.row === at.row && s.column === at.column && s.floor === at.floor,
                );
                return here ? (
                  <Button
                    key={column}
                    variant="contained"
                    size="small"
                    data-testid={`edit-cell-${here.id}`}
                    aria-label={t('storageDetail.moveToBin', { name: nameOf(here.id) })}
                    title={t('storageDetail.moveToBin', { name: nameOf(here.id) })}
                    // A probe is placed into an empty cell only (spec doc 3 §5).
                    disabled={probe !== null}
                    onClick={() => onChange(moveProbeToBin(draft, { id: here.id }))}
                    sx={{ minWidth: 56, minHeight: 40, textTransform: 'none' }}
                  >
                    {nameOf(here.id)}
                  </Button>
                ) : (
                  <Button
                    key={column}
                    variant="outlined"
                    size="small"
                    aria-pressed={sameCell(cell, at)}
                    aria-label={t('storageDetail.emptyCellAt', {
                      row: row.index + 1,
                      column: column + 1,
                      floor: floor + 1,
                    })}
                    onClick={() => onCell(at)}
                    sx={{
                      minWidth: 56,
                      minHeight: 40,
                      borderStyle: sameCell(cell, at) ? 'solid' : 'dashed',
                    }}
                  />
                );
              })}
              {floor === 0 && (
                <>
                  <Button
                    size="small"
                    aria-label={t('storageDetail.addColumn', { n: row.index + 1 })}
                    onClick={() => onChange(addColumn(settings, draft, { row: row.index }))}
                  >
                    +
                  </Button>
                  <Button
                    size="small"
                    aria-label={t('storageDetail.removeColumn', { n: row.index + 1 })}
                    disabled={row.rowLength <= 1}
                    onClick={() => onChange(removeLastColumn(settings, draft, { row: row.index }))}
                  >
                    −
                  </Button>
                </>
              )}
            </Box>
          ))}
        </Box>
      ))}
    </LayoutEditorFrame>
  );
}
