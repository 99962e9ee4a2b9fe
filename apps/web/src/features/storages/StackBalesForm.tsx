import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Stack as LayoutStack } from '@emberwatch/shared/contracts/storageLayout';
import { addBales, canAddBales } from '@emberwatch/shared/domain/storageLayout/addBales';
import { layoutLimits, type LayoutSettings } from '@emberwatch/shared/domain/storageLayout/layoutLimits';
import { removeBales } from '@emberwatch/shared/domain/storageLayout/removeBales';

const ALL = 'all';

/**
 * The stack editor's bales accordion (spec doc 3 §4, §5 "Adding bales is disabled when the count
 * is 0 and needs a row or column selection"): a number of bales put on or taken off every pile of
 * a row, a column, or the one pile where both meet, through the shared addBales/removeBales (piles
 * held at 1–10; probes on bales taken away go to the bin).
 */
export function StackBalesForm({
  settings,
  stack,
  onChange,
}: {
  settings: LayoutSettings;
  stack: LayoutStack;
  onChange: (next: LayoutStack) => void;
}) {
  const { t } = useTranslation();
  const { pileHeight } = layoutLimits(settings);
  const [count, setCount] = useState('1');
  const [row, setRow] = useState<string>(ALL);
  const [column, setColumn] = useState<string>(ALL);
  const n = Number(count);
  const input = {
    count: Number.isInteger(n) && n > 0 ? Math.min(n, pileHeight.max) : 0,
    row: row === ALL || Number(row) >= stack.nRows ? null : Number(row),
    column: column === ALL || Number(column) >= stack.nColumns ? null : Number(column),
  };
  const enabled = canAddBales(input);
  const n1 = stack.index + 1;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('storageDetail.stackEditor.balesHint')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          size="small"
          type="number"
          label={t('storageDetail.stackEditor.baleCount')}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          slotProps={{
            htmlInput: { min: 0, max: pileHeight.max, step: 1, 'data-testid': `bale-count-${n1}` },
          }}
          sx={{ width: 140 }}
        />
        <TextField
          size="small"
          select
          label={t('storageDetail.stackEditor.baleRow')}
          value={row}
          onChange={(e) => setRow(e.target.value)}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value={ALL}>{t('storageDetail.stackEditor.anyRow')}</MenuItem>
          {Array.from({ length: stack.nRows }, (_, r) => (
            <MenuItem key={r} value={String(r)}>
              {r + 1}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label={t('storageDetail.stackEditor.baleColumn')}
          value={column}
          onChange={(e) => setColumn(e.target.value)}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value={ALL}>{t('storageDetail.stackEditor.anyColumn')}</MenuItem>
          {Array.from({ length: stack.nColumns }, (_, c) => (
            <MenuItem key={c} value={String(c)}>
              {c + 1}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          disabled={!enabled}
          onClick={() => onChange(addBales(settings, stack, input))}
        >
          {t('storageDetail.stackEditor.addBales')}
        </Button>
        <Button disabled={!enabled} onClick={() => onChange(removeBales(settings, stack, input))}>
          {t('storageDetail.stackEditor.removeBales')}
        </Button>
      </Stack>
    </Stack>
  );
}
