import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { LayoutEditorFrame } from './LayoutEditorFrame';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  moveProbeToBin,
  placedProbeIds,
  placeProbeInStack,
  type ProbePosition,
  type Stack,
  type Storage,
} from '@emberwatch/shared';
import { binProbeIds } from './layoutLevels';
import { useProbeCandidates } from './useProbeCandidates';
import { VacantProbePicker } from './VacantProbePicker';

interface BaleAt extends ProbePosition {
  stack: number;
}

/**
 * The edit mode of a stacks layout, probes only (spec doc 3 §4 "Adding a probe: pick a vacant probe
 * (or click a location first), then click a bale location"): each pile's bales, top first; a hay
 * probe goes onto an empty bale, a placed one back to the bin. Stack size and bales (the stack
 * editor's other accordions) are not edited here yet.
 */
export function StacksLayoutEditor({
  storage,
  draft,
  onChange,
}: {
  storage: Storage;
  draft: readonly Stack[];
  onChange: (stacks: Stack[]) => void;
}) {
  const { t } = useTranslation();
  const [probe, setProbe] = useState<string | null>(null);
  const [bale, setBale] = useState<BaleAt | null>(null);
  const { candidates, nameOf } = useProbeCandidates(
    storage,
    draft.flatMap((s) => s.sensors.map((p) => p.id)),
  );
  // A step the shared rules refuse answers the same stack: then nothing changed.
  const replace = (index: number, next: Stack) => {
    if (draft.some((s) => s === next)) return;
    onChange(draft.map((s) => (s.index === index ? next : s)));
  };

  const place = (id: string, at: BaleAt) => {
    const stack = draft.find((s) => s.index === at.stack);
    const next = stack && placeProbeInStack(stack, { id, row: at.row, column: at.column, floor: at.floor });
    if (stack && next && next !== stack)
      // A probe in another stack's bin leaves that stack: it is in one place of the storage at most.
      onChange(
        draft.map((s) =>
          s.index === at.stack ? next : { ...s, sensors: s.sensors.filter((p) => p.id !== id) },
        ),
      );
    setProbe(null);
    setBale(null);
  };
  const onBale = (at: BaleAt) => (probe === null ? setBale(at) : place(probe, at));
  const onProbe = (id: string) => (bale === null ? setProbe(id === probe ? null : id) : place(id, bale));
  const isPicked = (at: BaleAt) =>
    bale !== null &&
    bale.stack === at.stack &&
    bale.row === at.row &&
    bale.column === at.column &&
    bale.floor === at.floor;
  const bin = binProbeIds(null, draft);

  return (
    <LayoutEditorFrame
      picker={
        <VacantProbePicker
          layout="stacks"
          storageId={storage.itemID}
          candidates={candidates}
          placedIds={placedProbeIds({ stacks: draft })}
          picked={probe}
          onPick={onProbe}
        />
      }
      binNames={bin.map(nameOf)}
    >
      {[...draft]
        .sort((a, b) => a.index - b.index)
        .map((stack) => (
          <Box component="section" key={stack.index} data-testid={`edit-stack-${stack.index}`} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3">
              {t('storageDetail.stack', { n: stack.index + 1 })}
            </Typography>
            {Array.from({ length: stack.nRows }, (_, row) => (
              <Box key={row} sx={{ display: 'flex', gap: 0.5, mb: 0.5 }}>
                {Array.from({ length: stack.nColumns }, (_, column) => {
                  const height = stack.piles.find((p) => p.r === row && p.c === column)?.h ?? 0;
                  return (
                    <Box
                      key={column}
                      sx={{
                        minWidth: 56,
                        minHeight: 40,
                        display: 'flex',
                        flexDirection: 'column',
                        gap: 0.25,
                        border: '1px dashed',
                        borderColor: 'divider',
                        borderRadius: 1,
                      }}
                    >
                      {Array.from({ length: height }, (_, i) => {
                        // Top bale first, as the layout view draws a pile.
                        const floor = height - 1 - i;
                        const at = { stack: stack.index, row, column, floor };
                        const here = stack.sensors.find(
                          (s) => s.row === row && s.column === column && s.floor === floor,
                        );
                        return here ? (
                          <Button
                            key={floor}
                            size="small"
                            variant="contained"
                            aria-label={t('storageDetail.moveToBin', { name: nameOf(here.id) })}
                            title={t('storageDetail.moveToBin', { name: nameOf(here.id) })}
                            disabled={probe !== null}
                            onClick={() => replace(stack.index, moveProbeToBin(stack, { id: here.id }))}
                            sx={{ textTransform: 'none', minHeight: 24, py: 0 }}
                          >
                            {nameOf(here.id)}
                          </Button>
                        ) : (
                          <Button
                            key={floor}
                            size="small"
                            variant="outlined"
                            aria-pressed={isPicked(at)}
                            aria-label={t('storageDetail.emptyBaleAt', {
                              stack: stack.index + 1,
                              row: row + 1,
                              column: column + 1,
                              bale: floor + 1,
                            })}
                            onClick={() => onBale(at)}
                            sx={{ minHeight: 24, py: 0, borderStyle: isPicked(at) ? 'solid' : 'dashed' }}
                          />
                        );
                      })}
                    </Box>
                  );
                })}
              </Box>
            ))}
          </Box>
        ))}
    </LayoutEditorFrame>
  );
}
