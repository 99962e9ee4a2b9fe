import Slider from '@mui/material/Slider';
import {
  VOLUME_MARKS,
  VOLUME_POSITION_MAX,
  VOLUME_STEPS_PER_MARK,
  volumeAt,
  volumePosition,
} from '@emberwatch/shared/domain/insight/volumeScale';

const MARKS = VOLUME_MARKS.map((v, i) => ({
  value: i * VOLUME_STEPS_PER_MARK,
  label: v >= 1000 ? `${v / 1000}k` : String(v),
}));

/**
 * Spec doc 1 §9: "volume of bales or tons on a non-linear scale up to 50000 (marks 0, 1000, 2000,
 * 3000, 5000, 10000, 50000)". The slider moves over positions; the value it shows and sets is the
 * volume (volumeScale.ts).
 */
export function VolumeSlider({
  value,
  onChange,
  labelId,
}: {
  value: number;
  onChange: (volume: number) => void;
  labelId: string;
}) {
  return (
    <Slider
      aria-labelledby={labelId}
      min={0}
      max={VOLUME_POSITION_MAX}
      step={1}
      marks={MARKS}
      scale={volumeAt}
      valueLabelDisplay="auto"
      getAriaValueText={(p) => String(volumeAt(p))}
      value={volumePosition(value)}
      onChange={(_, p) => onChange(volumeAt(p))}
      sx={{ maxWidth: 560, mx: 1 }}
    />
  );
}
