import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The frame both layout editors share: the vacant-probe picker beside the layout being edited, and
 * under it the probes waiting in the bin (placed nowhere, still listed by the storage).
 */
export function LayoutEditorFrame({
  picker,
  binNames,
  children,
}: {
  picker: ReactNode;
  binNames: readonly string[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
      {picker}
      {/* Beside the picker when both fit, under it when not; never wider than the page: a layout
          wider than the room scrolls inside (its editor's own scroll box). */}
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        {children}
        {binNames.length > 0 && (
          <Box component="section" data-testid="edit-bin">
            <Typography variant="subtitle2" component="h3">
              {t('storageDetail.bin')}
            </Typography>
            <Typography variant="body2">{binNames.join(', ')}</Typography>
          </Box>
        )}
      </Box>
    </Box>
  );
}
