import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';

const EMPTY = '#d1d5db';

/**
 * Five bars, as many filled in the quality colour as the probe keeps (spec doc 3 §9: 5 bars,
 * thresholds 700 / 600 / 350 / 200 / 0), rising like a signal meter. `scale` is the probe's marker
 * size (0.5 unheated to 1), so a damaged spot is drawn larger.
 */
export function QualityBars({ bars, color, scale = 1 }: { bars: number; color: string; scale?: number }) {
  const { t } = useTranslation();
  const unit = Math.round(4 + 4 * scale);
  return (
    <Box
      role="img"
      aria-label={t('quality.bars', { n: bars })}
      data-testid="quality-bars"
      data-bars={bars}
      sx={{ display: 'inline-flex', alignItems: 'flex-end', gap: '2px', height: unit * 5 }}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <Box
          key={i}
          data-filled={i <= bars ? 'true' : 'false'}
          sx={{ width: unit, height: unit * i, bgcolor: i <= bars ? color : EMPTY, borderRadius: '1px' }}
        />
      ))}
    </Box>
  );
}
