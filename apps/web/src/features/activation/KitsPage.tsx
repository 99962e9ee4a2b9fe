import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Print from '@mui/icons-material/Print';
import type { Kit } from '@emberwatch/shared/contracts/activation';
import { formatDateTime } from '../../lib/formatDateTime';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert';
import { LoadingIndicator } from '../../ui/LoadingIndicator';
import { EmptyState } from '../../ui/EmptyState';
import { useUiPreferences } from '../sessions';
import { useKits } from './activationQueries';
import { KitAdminActions } from './KitAdminActions';
import { RegisterKitsForm } from './RegisterKitsForm';
import { useOperatorTool } from '../../lib/useOperatorTool';

type State = 'open' | 'claimed' | 'all';

/**
 * The admin's kits (beyond the spec, issue 14 item 5): each base station and probe set with its code
 * and a QR code that a phone's camera opens straight into /activation?code1=… or ?code2=…. The labels
 * print one per card; the page's own chrome is left off the print. Admins only; everyone else goes to
 * "/".
 */
export function KitsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('open');
  const kits = useKits(state);
  const mayRegister = useOperatorTool('kitRegistration');
  return (
    <Box>
      {mayRegister && <RegisterKitsForm />}
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', displayPrint: 'none' }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={state}
          onChange={(_e, v: State | null) => v && setState(v)}
          aria-label={t('activation.kits.state')}
        >
          <ToggleButton value="open">{t('activation.kits.open')}</ToggleButton>
          <ToggleButton value="claimed">{t('activation.kits.claimed')}</ToggleButton>
          <ToggleButton value="all">{t('activation.kits.all')}</ToggleButton>
        </ToggleButtonGroup>
        <Button startIcon={<Print />} onClick={() => window.print()}>
          {t('activation.kits.print')}
        </Button>
      </Stack>
      {kits.error ? (
        <LoadErrorAlert onRetry={() => void kits.refetch()} />
      ) : !kits.data ? (
        <LoadingIndicator label={t('common.loading')} />
      ) : kits.data.length === 0 ? (
        <EmptyState text={t('activation.kits.none')} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          }}
        >
          {kits.data.map((kit) => (
            <KitCard key={kit.id} kit={kit} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function KitCard({ kit }: { kit: Kit }) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const title =
    kit.kind === 'system'
      ? t('activation.kits.station', { bsId: kit.bs_id ?? '' })
      : t('activation.setName', { setId: kit.set_id ?? '' });
  return (
    <Paper
      variant="outlined"
      data-testid={`kit-${kit.id}`}
      sx={{ p: 1.5, textAlign: 'center', breakInside: 'avoid' }}
    >
      <Typography variant="subtitle1" component="h2">
        {title}
      </Typography>
      {kit.probes.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {kit.probes.join(', ')}
        </Typography>
      )}
      {kit.partner_app && (
        <Typography variant="body2" color="text.secondary">
          {t('activation.kits.partner', { service: kit.partner_app })}
        </Typography>
      )}
      {kit.qrSvg && kit.code ? (
        <>
          {/* An <img> of the SVG: the markup is drawn, never run as part of the page. */}
          <Box
            component="img"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(kit.qrSvg)}`}
            alt={t('activation.kits.qrAlt', { code: kit.code })}
            sx={{ width: 168, height: 168, display: 'block', mx: 'auto', my: 1 }}
          />
          <Typography sx={{ fontFamily: 'monospace', fontSize: '1.1rem', letterSpacing: 1 }}>
            {kit.code}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('activation.kits.scan')}
          </Typography>
        </>
      ) : kit.claimed ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('activation.kits.claimedBy', {
            user: kit.claimed.username ?? String(kit.claimed.UID ?? '–'),
            date: formatDateTime(kit.claimed.ts, prefs.date_format, prefs.time_format),
            bsId: kit.claimed.bs_id ?? '',
          })}
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('activation.admin.reopened')}
        </Typography>
      )}
      <KitAdminActions kit={kit} />
    </Paper>
  );
}
