import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Popover from '@mui/material/Popover';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import type { LayoutPrefs } from '@emberwatch/shared/contracts/storageLayout';
import type { StorageLayout } from '@emberwatch/shared/domain/kinds/storageLayouts';
import {
  layoutSliderLimits,
  snapToSlider,
  type SliderRange,
} from '@emberwatch/shared/domain/storageLayout/layoutSliders';

export interface LayoutSettingsProps {
  layout: StorageLayout;
  layers: number;
  prefs: LayoutPrefs;
  onChange: (prefs: LayoutPrefs) => void;
  onCommit: (prefs: LayoutPrefs) => void;
}

/**
 * The popover's sliders (LayoutSettingsPopover): angle, cell size and spacing with the limits of the
 * layout (the stack variants through the shared layoutSliderLimits; spacing disabled with 1 layer).
 */
export function LayoutSettingsSliders({
  anchor,
  onClose,
  layout,
  layers,
  prefs,
  onChange,
  onCommit,
}: LayoutSettingsProps & { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const limits = layoutSliderLimits({ layout }, { layers });
  const slider = (key: keyof LayoutPrefs, label: string, range: SliderRange, disabled = false) => (
    <Box key={key} sx={{ mb: 1 }}>
      <Typography id={`layout-${key}`} variant="body2">
        {label}
      </Typography>
      <Slider
        aria-labelledby={`layout-${key}`}
        value={prefs[key]}
        min={range.min}
        max={range.max}
        step={range.step}
        disabled={disabled}
        valueLabelDisplay="auto"
        onChange={(_, v) => onChange({ ...prefs, [key]: snapToSlider(v, range) })}
        onChangeCommitted={(_, v) => onCommit({ ...prefs, [key]: snapToSlider(v, range) })}
      />
    </Box>
  );
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ p: 2, width: 260 }} role="group" aria-label={t('storageDetail.layoutSettings')}>
        {slider('angleDefault', t('storageDetail.angle'), limits.angle)}
        {slider('sizeDefault', t('storageDetail.cellSize'), limits.cellSize)}
        {slider('spaceDefault', t('storageDetail.spacing'), limits.spacing, limits.spacing.disabled)}
      </Box>
    </Popover>
  );
}
