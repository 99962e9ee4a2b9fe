import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tune from '@mui/icons-material/Tune';
import { lazyWithPreload } from '../../lib/lazyWithPreload';
import { preloadOnIntent } from '../../lib/preloadAhead';
import { useOpenedOnce } from '../../lib/useOpenedOnce';
import type { LayoutSettingsProps } from './LayoutSettingsSliders';

// The sliders (MUI's Slider, the popover) are fetched as the button is pointed at, focused or pressed,
// or once the page has settled, not with the layout on a phone's start (decision 0178).
const LayoutSettingsSliders = lazyWithPreload(() =>
  import('./LayoutSettingsSliders').then((m) => ({ default: m.LayoutSettingsSliders })),
);

/** Fetches the sliders' code (the storage page does once it has settled). */
export const preloadLayoutSettings = (): void => void LayoutSettingsSliders.preload();

/**
 * The layout view's settings popover (spec doc 3 §2 "A settings popover for layout appearance",
 * §5 "Layout sliders"): angle, cell size and spacing with the limits of the layout
 * (LayoutSettingsSliders). The slider moves the drawing at once (`onChange`); `onCommit` fires when it
 * is let go, where the tab persists the prefs on the storage (Storage.layout_prefs, doc 3 §3).
 */
export function LayoutSettingsPopover(props: LayoutSettingsProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useOpenedOnce(anchor !== null);
  return (
    <>
      <IconButton
        aria-label={t('storageDetail.layoutSettings')}
        title={t('storageDetail.layoutSettings')}
        onClick={(e) => setAnchor(e.currentTarget)}
        {...preloadOnIntent(preloadLayoutSettings)}
      >
        <Tune />
      </IconButton>
      {opened && (
        // Nothing shows until its code is here (fetched on the button's intent already).
        <Suspense fallback={null}>
          <LayoutSettingsSliders anchor={anchor} onClose={() => setAnchor(null)} {...props} />
        </Suspense>
      )}
    </>
  );
}
