import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LANGUAGES, type Language } from '@emberwatch/shared/contracts/preferences';
import { PARTNER_APPS, type Contact, type PartnerApp } from '@emberwatch/shared/domain/broadcasts/audience';
import { LANGUAGE_NAMES } from '../../i18n/languageNames';
import type { AudienceForm } from './audienceForm';

/** The audience's filters (decision 0100): each optional, none meaning every customer. */
export function AudienceFields({
  value,
  onChange,
  disabled = false,
}: {
  value: AudienceForm;
  onChange: (next: AudienceForm) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof AudienceForm>(key: K, v: AudienceForm[K]) => onChange({ ...value, [key]: v });
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }} data-testid="audience-fields">
      <TextField
        size="small"
        label={t('broadcasts.audience.planLevels')}
        helperText={t('broadcasts.audience.listHelp')}
        value={value.planLevels}
        disabled={disabled}
        onChange={(e) => set('planLevels', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'audience-plan-levels' } }}
      />
      <TextField
        size="small"
        label={t('broadcasts.audience.segments')}
        helperText={t('broadcasts.audience.listHelp')}
        value={value.segments}
        disabled={disabled}
        onChange={(e) => set('segments', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'audience-segments' } }}
      />
      <TextField
        size="small"
        label={t('broadcasts.audience.countries')}
        helperText={t('broadcasts.audience.countriesHelp')}
        value={value.countries}
        disabled={disabled}
        onChange={(e) => set('countries', e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'audience-countries' } }}
      />
      <TextField
        select
        size="small"
        label={t('broadcasts.audience.languages')}
        value={value.languages}
        disabled={disabled}
        onChange={(e) => set('languages', e.target.value as unknown as Language[])}
        sx={{ minWidth: 180 }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (v) =>
              (v as Language[]).length ? (v as Language[]).join(', ') : t('broadcasts.audience.any'),
            displayEmpty: true,
          },
          inputLabel: { shrink: true },
        }}
      >
        {LANGUAGES.map((l) => (
          <MenuItem key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('broadcasts.audience.partnerApps')}
        value={value.partnerApps}
        disabled={disabled}
        onChange={(e) => set('partnerApps', e.target.value as unknown as PartnerApp[])}
        sx={{ minWidth: 180 }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (v) =>
              (v as PartnerApp[]).length
                ? (v as PartnerApp[]).map((p) => t(`broadcasts.audience.partner.${p}`)).join(', ')
                : t('broadcasts.audience.any'),
            displayEmpty: true,
          },
          inputLabel: { shrink: true },
        }}
      >
        {PARTNER_APPS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`broadcasts.audience.partner.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('broadcasts.audience.contact')}
        value={value.contact}
        disabled={disabled}
        onChange={(e) => set('contact', e.target.value as '' | Contact)}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('broadcasts.audience.any')}</MenuItem>
        <MenuItem value="sms">{t('broadcasts.audience.withSms')}</MenuItem>
        <MenuItem value="email">{t('broadcasts.audience.withEmail')}</MenuItem>
      </TextField>
    </Stack>
  );
}
