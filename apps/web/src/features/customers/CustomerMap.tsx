import { useEffect, useRef } from 'react';
import type * as Leaflet from 'leaflet';
import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import type { CustomerPoint } from '@emberwatch/shared/contracts/customers';
import { boundsOf } from '@emberwatch/shared/domain/customers/customerLocation';

/** The groups' colours: hay-app and migrating customers stand out from the others. */
const COLOURS: Record<CustomerPoint['group'], string> = {
  hayApp: '#1565c0',
  migrating: '#8e24aa',
  other: '#c62828',
};

/**
 * A Leaflet map of the customers' points (decision 0098). Each point is a vector circle, drawn by
 * Leaflet itself, so without a tile URL the map is the points on a plain background and makes no
 * request; with one, the deployment's tiles are under them. A point's tooltip names the customer and
 * a click opens it. The list under the map names the same points for keyboards and screen readers.
 */
export function CustomerMap({
  points,
  tileUrl,
  label,
  onOpen,
}: {
  points: readonly CustomerPoint[];
  tileUrl: string | null;
  label: string;
  onOpen: (uid: number) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const open = useRef(onOpen);
  useEffect(() => {
    open.current = onOpen;
  }, [onOpen]);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Leaflet reads the browser's window as its module loads: it is loaded here, in the browser only,
    // never where the server draws the page (decision 0174; loaded with the page, it stopped the server).
    let map: Leaflet.Map | null = null;
    let gone = false;
    const drawPoints = (L: typeof Leaflet, on: Leaflet.Map) => {
      if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 18 }).addTo(on);
      const bounds = boundsOf(points);
      if (bounds) on.fitBounds(bounds, { padding: [24, 24], maxZoom: 8 });
      else on.setView([30, 0], 2);
      for (const p of points) {
        L.circleMarker([p.lat, p.lon], {
          radius: 7,
          color: '#fff',
          weight: 2,
          fillColor: COLOURS[p.group],
          fillOpacity: 0.9,
        })
          .bindTooltip(`${p.name} (${p.username})`)
          .on('click', () => open.current(p.U_ID))
          .addTo(on);
      }
    };
    void import('leaflet').then(
      ({ default: L }) => {
        if (gone) return;
        map = L.map(element, { worldCopyJump: true, attributionControl: tileUrl !== null });
        drawPoints(L, map);
      },
      () => undefined,
    ); // Not loaded (offline): the list under the map names the same points.
    return () => {
      gone = true;
      map?.remove();
    };
  }, [points, tileUrl]);

  return (
    <Box>
      <Box
        ref={box}
        role="region"
        aria-label={label}
        data-testid="customers-map"
        data-tiles={tileUrl === null ? 'none' : 'configured'}
        sx={{ height: 480, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: '#e8eef3' }}
      />
      <Box component="ul" sx={{ columns: '16rem', pl: 2, mt: 1 }} data-testid="customers-map-points">
        {points.map((p) => (
          <li key={p.U_ID}>
            <Box
              component="button"
              type="button"
              onClick={() => onOpen(p.U_ID)}
              sx={{
                all: 'unset',
                cursor: 'pointer',
                color: 'primary.main',
                '&:focus-visible': { outline: 2 },
              }}
            >
              {p.name}
            </Box>{' '}
            · {p.country?.toUpperCase() ?? ''} · {p.lat.toFixed(4)}, {p.lon.toFixed(4)}
          </li>
        ))}
      </Box>
    </Box>
  );
}
