import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AudienceInput, NewsCampaign } from '@emberwatch/shared/contracts/broadcasts';
import { formatDateTime } from '../../lib/formatDateTime';
import { useOperatorTool } from '../../lib/useOperatorTool';
import { NEWS_ICON_ELEMENTS } from '../news';
import { useUiPreferences } from '../sessions';
import { useNewsCampaigns, useSaveNewsCampaigns } from './broadcastsQueries';
import { CampaignDialog } from './CampaignDialog';
import { refusalText } from '../../lib/refusalText';

const PHASE_COLOURS = { scheduled: 'info', live: 'success', ended: 'default' } as const;

/** The audience in a few words for the list: each filter given, or "every customer". */
export function useAudienceText() {
  const { t } = useTranslation();
  return (a: AudienceInput): string => {
    const parts: string[] = [];
    if (a.planLevels?.length)
      parts.push(`${t('broadcasts.audience.planLevels')}: ${a.planLevels.join(', ')}`);
    if (a.segments?.length) parts.push(`${t('broadcasts.audience.segments')}: ${a.segments.join(', ')}`);
    if (a.countries?.length) parts.push(`${t('broadcasts.audience.countries')}: ${a.countries.join(', ')}`);
    if (a.languages?.length) parts.push(`${t('broadcasts.audience.languages')}: ${a.languages.join(', ')}`);
    if (a.partnerApps?.length)
      parts.push(
        `${t('broadcasts.audience.partnerApps')}: ${a.partnerApps.map((p) => t(`broadcasts.audience.partner.${p}`)).join(', ')}`,
      );
    if (a.contact)
      parts.push(a.contact === 'sms' ? t('broadcasts.audience.withSms') : t('broadcasts.audience.withEmail'));
    return parts.length ? parts.join(' · ') : t('broadcasts.audience.everyone');
  };
}

/**
 * The news campaigns (decision 0100): every item of the users' news dialog with its phase, schedule,
 * audience and popup dot; Root and Admin create, edit and delete them (a deletion is confirmed).
 */
export function NewsCampaignsTab() {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const mayEdit = useOperatorTool('newsCampaigns');
  const campaigns = useNewsCampaigns();
  const save = useSaveNewsCampaigns();
  const audienceText = useAudienceText();
  const [editing, setEditing] = useState<NewsCampaign | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NewsCampaign | null>(null);
  const when = (ts: number | null) =>
    ts === null ? '…' : formatDateTime(ts, prefs.date_format, prefs.time_format);
  if (campaigns.error) return <Alert severity="error">{refusalText(campaigns.error)}</Alert>;
  if (!campaigns.data) return <LinearProgress />;
  return (
    <Stack spacing={2} data-testid="news-campaigns">
      {mayEdit ? (
        <Stack direction="row">
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="campaign-new">
            {t('broadcasts.news.new')}
          </Button>
        </Stack>
      ) : (
        <Alert severity="info">{t('broadcasts.news.onlyOverseers')}</Alert>
      )}
      {save.error && <Alert severity="error">{refusalText(save.error)}</Alert>}
      {campaigns.data.length === 0 ? (
        <Typography color="text.secondary">{t('broadcasts.news.empty')}</Typography>
      ) : (
        <List aria-label={t('broadcasts.news.label')}>
          {campaigns.data.map((c) => (
            <ListItem
              key={c.id}
              divider
              data-testid={`campaign-${c.id}`}
              secondaryAction={
                mayEdit && (
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => setEditing(c)}>
                      {t('broadcasts.news.edit')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting(c)}>
                      {t('broadcasts.news.delete')}
                    </Button>
                  </Stack>
                )
              }
            >
              <ListItemIcon>
                {c.popup ? (
                  <Badge
                    variant="dot"
                    overlap="circular"
                    sx={{ '& .MuiBadge-dot': { bgcolor: 'success.main' } }}
                    slotProps={{ badge: { 'aria-label': t('broadcasts.news.popup'), role: 'img' } as object }}
                  >
                    {NEWS_ICON_ELEMENTS[c.icon]}
                  </Badge>
                ) : (
                  NEWS_ICON_ELEMENTS[c.icon]
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{c.texts.en?.title ?? Object.values(c.texts)[0]?.title ?? ''}</span>
                    <Chip
                      size="small"
                      color={PHASE_COLOURS[c.phase]}
                      label={t(`broadcasts.news.phase.${c.phase}`)}
                    />
                  </Stack>
                }
                secondary={`${when(c.start_ts)} – ${when(c.end_ts)} · ${audienceText(c.audience)}`}
                sx={{ pr: 20 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editing && (
        <CampaignDialog campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogContent>
          {t('broadcasts.news.confirmDelete', { title: deleting?.texts.en?.title ?? '' })}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('broadcasts.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="campaign-confirm-delete"
            onClick={() => {
              if (deleting) save.mutate({ deleted: [deleting.id] });
              setDeleting(null);
            }}
          >
            {t('broadcasts.news.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
