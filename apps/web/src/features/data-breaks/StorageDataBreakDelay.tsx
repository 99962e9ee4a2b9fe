import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_BREAK_DEFAULT_S } from '@emberwatch/shared/domain/dataBreaks/dataBreakDelay';
import { DataBreakDelaySelect } from './DataBreakDelaySelect';
import { delayText } from './delayText';

/**
 * A storage's own data-break delay, in its alert settings (decision 0071): "account default (4 h)" or
 * a delay of its own. Controlled: the storage's details tab holds the draft and its one Save sends it.
 */
export function StorageDataBreakDelay({
  value,
  accountS,
  disabled,
  ownerOnly,
  onChange,
}: {
  value: number | null;
  /** The account's delay; null: the default. */
  accountS: number | null;
  disabled: boolean;
  /** Disabled because only the owner may change it (not because the whole form is read-only). */
  ownerOnly: boolean;
  onChange: (delayS: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      spacing={1}
      component="section"
      aria-label={t('dataBreaks.storageTitle')}
      data-testid="storage-data-break"
    >
      <Typography variant="subtitle1" component="h3">
        {t('dataBreaks.storageTitle')}
      </Typography>
      <DataBreakDelaySelect
        id="storage-data-break-delay"
        value={value}
        defaultLabel={t('dataBreaks.accountDefault', {
          delay: delayText(t, accountS ?? DATA_BREAK_DEFAULT_S),
        })}
        disabled={disabled}
        helperText={ownerOnly ? t('dataBreaks.ownerOnly') : t('dataBreaks.storageText')}
        onChange={onChange}
      />
    </Stack>
  );
}
