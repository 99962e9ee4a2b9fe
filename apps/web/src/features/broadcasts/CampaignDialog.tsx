import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { NewsCampaign, NewsCampaignInput } from '@emberwatch/shared/contracts/broadcasts';
import { NEWS_ICONS, type NewsIcon } from '@emberwatch/shared/contracts/notifications';
import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import { scheduleProblem } from '@emberwatch/shared/domain/broadcasts/campaignRules';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import { NEWS_ICON_ELEMENTS } from '../news';
import { AudienceFields } from './AudienceFields';
import {
  audienceOfForm,
  EMPTY_AUDIENCE_FORM,
  formOfAudience,
  localInputOf,
  tsOfLocalInput,
  type AudienceForm,
} from './audienceForm';
import { useSaveNewsCampaigns } from './broadcastsQueries';
import { refusalText } from '../../lib/refusalText';

type Texts = Partial<Record<Language, { title: string; text: string }>>;

/** Creates or edits a news campaign: its texts per language, icon, link, popup dot, audience and schedule. */
export function CampaignDialog({
  campaign,
  onClose,
}: {
  campaign: NewsCampaign | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveNewsCampaigns();
  const [texts, setTexts] = useState<Texts>((campaign?.texts as Texts | undefined) ?? {});
  const [language, setLanguage] = useState<Language>('en');
  const [icon, setIcon] = useState<NewsIcon>(campaign?.icon ?? 'info');
  const [link, setLink] = useState(campaign?.link ?? '');
  const [popup, setPopup] = useState(campaign?.popup ?? false);
  const [form, setForm] = useState<AudienceForm>(
    campaign ? formOfAudience(campaign.audience) : EMPTY_AUDIENCE_FORM,
  );
  const [start, setStart] = useState(localInputOf(campaign?.start_ts ?? null));
  const [end, setEnd] = useState(localInputOf(campaign?.end_ts ?? null));
  const current = texts[language] ?? { title: '', text: '' };
  const schedule = { start_ts: tsOfLocalInput(start), end_ts: tsOfLocalInput(end) };
  const problem = scheduleProblem(schedule);
  const missingTitle = !texts.en?.title.trim();

  const submit = () => {
    const filled = Object.fromEntries(
      Object.entries(texts).filter(([, v]) => v && (v.title.trim() !== '' || v.text.trim() !== '')),
    );
    const input: NewsCampaignInput = {
      ...(campaign ? { id: campaign.id } : {}),
      texts: filled,
      icon,
      link: link.trim() === '' ? null : link.trim(),
      popup,
      audience: audienceOfForm(form),
      ...schedule,
    };
    save.mutate({ campaigns: [input] }, { onSuccess: onClose });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="campaign-title">
      <DialogTitle id="campaign-title">
        {campaign ? t('broadcasts.news.editTitle') : t('broadcasts.news.newTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Tabs value={language} onChange={(_e, v: Language) => setLanguage(v)} variant="scrollable">
            {LANGUAGES.map((l) => (
              <Tab
                key={l}
                value={l}
                data-testid={`campaign-lang-${l}`}
                label={`${LANGUAGE_NAMES[l]}${texts[l]?.title.trim() ? ' •' : ''}`}
              />
            ))}
          </Tabs>
          <Typography variant="body2" color="text.secondary">
            {language === 'en' ? t('broadcasts.news.englishRequired') : t('broadcasts.news.fallback')}
          </Typography>
          <TextField
            size="small"
            label={t('broadcasts.news.title')}
            value={current.title}
            onChange={(e) => setTexts({ ...texts, [language]: { ...current, title: e.target.value } })}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'campaign-title-input' } }}
          />
          <TextField
            multiline
            minRows={3}
            label={t('broadcasts.news.text')}
            value={current.text}
            onChange={(e) => setTexts({ ...texts, [language]: { ...current, text: e.target.value } })}
            slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'campaign-text-input' } }}
          />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2">{t('broadcasts.news.icon')}</Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={icon}
              onChange={(_e, v: NewsIcon | null) => v && setIcon(v)}
              aria-label={t('broadcasts.news.icon')}
            >
              {NEWS_ICONS.map((i) => (
                <ToggleButton
                  key={i}
                  value={i}
                  aria-label={t(`broadcasts.news.icons.${i}`)}
                  data-testid={`icon-${i}`}
                >
                  {NEWS_ICON_ELEMENTS[i]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <FormControlLabel
              control={<Switch checked={popup} onChange={(e) => setPopup(e.target.checked)} />}
              label={t('broadcasts.news.popup')}
            />
          </Stack>
          <TextField
            size="small"
            label={t('broadcasts.news.link')}
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            helperText={t('broadcasts.news.linkHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'campaign-link-input' } }}
          />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              type="datetime-local"
              label={t('broadcasts.news.start')}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              helperText={t('broadcasts.news.startHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-start' } }}
            />
            <TextField
              size="small"
              type="datetime-local"
              label={t('broadcasts.news.end')}
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              helperText={t('broadcasts.news.endHelp')}
              error={problem !== null}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-end' } }}
            />
          </Stack>
          {problem && <Alert severity="error">{t('broadcasts.news.endBeforeStart')}</Alert>}
          <Typography variant="subtitle2">{t('broadcasts.news.audience')}</Typography>
          <AudienceFields value={form} onChange={setForm} />
          {save.error && <Alert severity="error">{refusalText(save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('broadcasts.cancel')}</Button>
        <Button
          variant="contained"
          data-testid="campaign-save"
          disabled={missingTitle || problem !== null || save.isPending}
          onClick={submit}
        >
          {t('broadcasts.news.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
