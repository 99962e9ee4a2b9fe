import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import type { SiteRenderer } from './siteRenderer';
import type { SiteSceneDescription } from './siteScene';
import { hasWebGL } from './webgl';

/** A performance mark set once the plan's first frame is on screen (read by bench/site-plan). */
export const SITE_FIRST_FRAME_MARK = 'emberwatch:site-plan-first-frame';

type RendererState = 'loading' | 'ready' | 'noWebGL' | 'failed';

/**
 * The 3D site plan's canvas (spec doc 3 §2 "Site view"): orbit and zoom with the mouse or one and two
 * fingers, a click or tap on a storage calls `onOpenStorage`. three.js is fetched here on first use
 * (a lazy chunk of its own); without WebGL the plan says so instead of failing.
 */
export function SiteScene3D({
  scene,
  onOpenStorage,
  height,
}: {
  scene: SiteSceneDescription;
  onOpenStorage: (storageId: number) => void;
  height: number | string;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const renderer = useRef<SiteRenderer | null>(null);
  // A page drawn on the server (decision 0174) draws the plan's frame as nearly every browser takes it
  // over; one without WebGL then says why the plan is missing, drawn again by the browser.
  const [state, setState] = useState<RendererState>(() =>
    typeof document === 'undefined' || hasWebGL() ? 'loading' : 'noWebGL',
  );
  // The latest scene and callback, for the renderer created after an asynchronous import.
  const latestScene = useRef(scene);
  const openStorage = useRef(onOpenStorage);
  /** What the renderer drew last, to skip rebuilding an unchanged scene. */
  const drawnKey = useRef('');
  const webgl = state !== 'noWebGL';

  useEffect(() => {
    if (!webgl) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    import('./siteRenderer')
      .then(({ createSiteRenderer }) => {
        const el = container.current;
        if (cancelled || !el) return;
        let created: SiteRenderer;
        try {
          created = createSiteRenderer(el, (id) => openStorage.current(id));
        } catch {
          // A context can still be refused (GPU blocklists, too many contexts): say so.
          setState('noWebGL');
          return;
        }
        renderer.current = created;
        created.resize(el.clientWidth, el.clientHeight);
        created.update(latestScene.current);
        drawnKey.current = JSON.stringify(latestScene.current);
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => created.resize(el.clientWidth, el.clientHeight));
          observer.observe(el);
        }
        setState('ready');
        // The frame after the first draw is on screen: bench/site-plan times it from navigation.
        requestAnimationFrame(() => performance.mark(SITE_FIRST_FRAME_MARK));
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      renderer.current?.dispose();
      renderer.current = null;
    };
  }, [webgl]);

  // The page builds a new description on every tick of its clock and every push of new data; the
  // scene is rebuilt only when what it draws changed.
  useEffect(() => {
    latestScene.current = scene;
    const key = JSON.stringify(scene);
    if (!renderer.current || key === drawnKey.current) return;
    drawnKey.current = key;
    renderer.current.update(scene);
  }, [scene]);
  useEffect(() => {
    openStorage.current = onOpenStorage;
  }, [onOpenStorage]);

  if (state === 'noWebGL')
    return (
      <Alert severity="info" data-testid="site-no-webgl">
        {t('sitePlan.noWebGL')}
      </Alert>
    );
  if (state === 'failed')
    return (
      <Alert severity="error" data-testid="site-load-failed">
        {t('sitePlan.loadFailed')}
      </Alert>
    );
  return (
    <Box
      ref={container}
      role="img"
      aria-label={t('sitePlan.sceneLabel')}
      sx={{ position: 'relative', height, width: '100%', overflow: 'hidden', touchAction: 'none' }}
    >
      {state === 'loading' && <LoadingIndicator label={t('common.loading')} />}
    </Box>
  );
}
