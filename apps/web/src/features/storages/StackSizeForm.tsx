import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Stack as LayoutStack } from '@emberwatch/shared/contracts/storageLayout';
import { layoutLimits, type LayoutSettings } from '@emberwatch/shared/domain/storageLayout/layoutLimits';
import { resizeStack } from '@emberwatch/shared/domain/storageLayout/resizeStack';

type SizeKey = 'nRows' | 'nColumns';

/**
 * The stack editor's props accordion (spec doc 3 §4 "props (stack size)", §5 rows 1–10 or 15 for
 * plan segment 15, columns 1–20 or 30): rows and columns through the shared resizeStack, which
 * drops piles (their probes to the bin) outside the new size.
 */
export function StackSizeForm({
  settings,
  stack,
  onChange,
}: {
  settings: LayoutSettings;
  stack: LayoutStack;
  onChange: (next: LayoutStack) => void;
}) {
  const { t } = useTranslation();
  const limits = layoutLimits(settings);
  // What is being typed. The stack changes only with a whole number within the limits, so that an
  // emptied field or the "1" of "12" never drops piles; leaving the field shows the stack's size.
  const [typing, setTyping] = useState<{ key: SizeKey; text: string } | null>(null);
  const inRange = (text: string, range: { min: number; max: number }) => {
    const n = Number(text);
    return text.trim() !== '' && Number.isInteger(n) && n >= range.min && n <= range.max;
  };
  const field = (key: SizeKey, label: string, range: { min: number; max: number }) => {
    const text = typing?.key === key ? typing.text : String(stack[key]);
    return (
      <TextField
        size="small"
        type="number"
        label={label}
        value={text}
        error={!inRange(text, range)}
        onChange={(e) => {
          setTyping({ key, text: e.target.value });
          if (inRange(e.target.value, range))
            onChange(resizeStack(settings, stack, { ...stack, [key]: Number(e.target.value) }));
        }}
        onBlur={() => setTyping(null)}
        slotProps={{ htmlInput: { min: range.min, max: range.max, step: 1 } }}
        sx={{ width: 120 }}
      />
    );
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        {field('nRows', t('storageDetail.stackEditor.rows'), limits.rows)}
        {field('nColumns', t('storageDetail.stackEditor.columns'), limits.columns)}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('storageDetail.stackEditor.sizeHint', {
          rowsMin: limits.rows.min,
          rowsMax: limits.rows.max,
          columnsMin: limits.columns.min,
          columnsMax: limits.columns.max,
        })}
      </Typography>
    </Stack>
  );
}
