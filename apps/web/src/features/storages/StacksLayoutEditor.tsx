import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { Stack as LayoutStack } from '@emberwatch/shared/contracts/storageLayout';
import type { Storage } from '@emberwatch/shared/contracts/storages';
import { addStack, removeStack } from '@emberwatch/shared/domain/storageLayout/addStack';
import { layoutLimits, type LayoutSettings } from '@emberwatch/shared/domain/storageLayout/layoutLimits';
import { placedProbeIds } from '@emberwatch/shared/domain/storageLayout/placedProbeIds';
import { placeProbeInStack } from '@emberwatch/shared/domain/storageLayout/placeProbe';
import type { ProbePosition } from '@emberwatch/shared/domain/storageLayout/probePosition';
import { removeStackProbes } from '@emberwatch/shared/domain/storageLayout/removeStackProbes';
import { LayoutEditorFrame } from './LayoutEditorFrame';
import { binProbeIds } from './layoutLevels';
import { RemoveStackProbeDialog } from './RemoveStackProbeDialog';
import { StackBalesForm } from './StackBalesForm';
import { StackSizeForm } from './StackSizeForm';
import { useProbeCandidates } from './useProbeCandidates';
import { VacantProbePicker } from './VacantProbePicker';

interface BaleAt extends ProbePosition {
  stack: number;
}

/**
 * The stack editor (spec doc 3 §2 mode 3, §4 "Stack editor"): per stack the accordions props (size),
 * bales (add or take off bales by row or column) and probes — disabled while the stack has no
 * bales — where a hay probe goes onto an empty bale (pick a vacant probe or a bale first, then the
 * other; picking again cancels) and clicking a placed probe removes it after a confirm that can
 * remove every probe of the stack. Stacks are added (the default 6 × 3, height 4) up to 10 and
 * removed. Every step goes through the shared rules; the tab holds the draft.
 */
export function StacksLayoutEditor({
  storage,
  draft,
  onChange,
  settings = { segment: null },
}: {
  storage: Storage;
  draft: readonly LayoutStack[];
  onChange: (stacks: LayoutStack[]) => void;
  settings?: LayoutSettings;
}) {
  const { t } = useTranslation();
  const [probe, setProbe] = useState<string | null>(null);
  const [bale, setBale] = useState<BaleAt | null>(null);
  const [removing, setRemoving] = useState<{ stack: number; id: string } | null>(null);
  // The probes accordions the user folded (open by default, since placing probes is the usual task).
  const [foldedProbes, setFoldedProbes] = useState<ReadonlySet<number>>(new Set());
  const toggleProbes = (index: number, open: boolean) =>
    setFoldedProbes((prev) => {
      const next = new Set(prev);
      if (open) next.delete(index);
      else next.add(index);
      return next;
    });
  const { candidates, nameOf } = useProbeCandidates(
    storage,
    draft.flatMap((s) => s.sensors.map((p) => p.id)),
  );
  const stacksMax = layoutLimits(settings).stacks;
  // A step the shared rules refuse answers the same stack: then nothing changed.
  const replace = (next: LayoutStack) => {
    if (draft.some((s) => s === next)) return;
    onChange(draft.map((s) => (s.index === next.index ? next : s)));
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
  const onBale = (at: BaleAt) => (probe !== null ? place(probe, at) : setBale(isPicked(at) ? null : at));
  const onProbe = (id: string) => (bale === null ? setProbe(id === probe ? null : id) : place(id, bale));
  const isPicked = (at: BaleAt) =>
    bale !== null &&
    bale.stack === at.stack &&
    bale.row === at.row &&
    bale.column === at.column &&
    bale.floor === at.floor;
  const bin = binProbeIds(null, draft);
  const stacks = [...draft].sort((a, b) => a.index - b.index);

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
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {/* Spec doc 3 §4 "Adding a probe … cancel aborts": drops the picked probe or bale. */}
        {(probe !== null || bale !== null) && (
          <Button
            onClick={() => {
              setProbe(null);
              setBale(null);
            }}
          >
            {t('storageDetail.stackEditor.cancelPick')}
          </Button>
        )}
        <Button
          variant="outlined"
          disabled={draft.length >= stacksMax}
          onClick={() => onChange(addStack(settings, [...draft]))}
        >
          {t('storageDetail.stackEditor.addStack')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('storageDetail.stackEditor.stacksLimit', { max: stacksMax })}
        </Typography>
      </Stack>
      {stacks.map((stack) => {
        const n = stack.index + 1;
        const hasBales = stack.piles.length > 0;
        return (
          <Box component="section" key={stack.index} data-testid={`edit-stack-${stack.index}`} sx={{ mb: 3 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Box sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: stack.color }} aria-hidden />
              <Typography variant="subtitle2" component="h3">
                {t('storageDetail.stack', { n })}
              </Typography>
              <Button
                size="small"
                color="error"
                onClick={() => onChange(removeStack([...draft], { index: stack.index }))}
              >
                {t('storageDetail.stackEditor.removeStack', { n })}
              </Button>
            </Stack>
            <Accordion disableGutters>
              <AccordionSummary expandIcon={<ExpandMore />}>
                {t('storageDetail.stackEditor.props')} ({stack.nRows} × {stack.nColumns})
              </AccordionSummary>
              <AccordionDetails>
                <StackSizeForm settings={settings} stack={stack} onChange={replace} />
              </AccordionDetails>
            </Accordion>
            <Accordion disableGutters>
              <AccordionSummary expandIcon={<ExpandMore />}>
                {t('storageDetail.stackEditor.bales')}
              </AccordionSummary>
              <AccordionDetails>
                <StackBalesForm settings={settings} stack={stack} onChange={replace} />
              </AccordionDetails>
            </Accordion>
            {/* Spec doc 3 §4: the probes section is disabled while there are no bales. */}
            <Accordion
              disableGutters
              disabled={!hasBales}
              expanded={hasBales && !foldedProbes.has(stack.index)}
              onChange={(_, open) => toggleProbes(stack.index, open)}
            >
              <AccordionSummary expandIcon={<ExpandMore />}>
                {t('storageDetail.stackEditor.probes')}
                {!hasBales && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                    — {t('storageDetail.stackEditor.noBales')}
                  </Typography>
                )}
              </AccordionSummary>
              <AccordionDetails sx={{ overflowX: 'auto' }}>
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
                                aria-label={t('storageDetail.stackEditor.removeProbe', {
                                  name: nameOf(here.id),
                                })}
                                title={t('storageDetail.stackEditor.removeProbe', { name: nameOf(here.id) })}
                                disabled={probe !== null}
                                onClick={() => setRemoving({ stack: stack.index, id: here.id })}
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
                                  stack: n,
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
              </AccordionDetails>
            </Accordion>
          </Box>
        );
      })}
      <RemoveStackProbeDialog
        name={removing === null ? null : nameOf(removing.id)}
        onCancel={() => setRemoving(null)}
        onConfirm={(all) => {
          const stack = removing && draft.find((s) => s.index === removing.stack);
          if (stack && removing) replace(removeStackProbes(stack, all ? { all: true } : { id: removing.id }));
          setRemoving(null);
        }}
      />
    </LayoutEditorFrame>
  );
}
