import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { formatAge, readingAgeSeconds } from '@emberwatch/shared/domain/readingAge';
import type { SiteFreshness } from '@emberwatch/shared/domain/siteIndex';
import { useDateTimeText } from '../sessions';

/**
 * How old a site's newest reading is (spec doc 1 §9: minutes under 60, then hours under 24, then
 * days): over 24 h highlighted, over 7 days said to be not available (spec doc 2 §9), the time itself
 * in the title.
 */
export function SiteAge({
  lastDataTs,
  freshness,
  nowS,
}: {
  lastDataTs: number | null;
  freshness: SiteFreshness;
  nowS: number;
}) {
  const { t } = useTranslation();
  const timeText = useDateTimeText();
  if (lastDataTs === null)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }} data-freshness="noData">
        {t('siteIndex.cells.noData')}
      </Box>
    );
  const age = formatAge(readingAgeSeconds(lastDataTs, nowS));
  const ageText = t(`age.${age.unit}`, { value: age.value });
  const when = t('siteIndex.cells.lastDataAt', { time: timeText(lastDataTs) });
  const flagged = freshness === 'over24h' || freshness === 'notAvailable';
  const title =
    freshness === 'notAvailable'
      ? `${when}. ${t('siteIndex.cells.over7d')}`
      : freshness === 'over24h'
        ? `${when}. ${t('siteIndex.cells.over24h')}`
        : when;
  return (
    <Box
      component="span"
      title={title}
      data-freshness={freshness}
      sx={
        flagged
          ? {
              px: 0.75,
              py: 0.25,
              borderRadius: 1,
              // The probe list's highlight (dark text on amber, WCAG AA); over 7 days the
              // temperature column says "Not available" besides.
              bgcolor: 'warning.light',
              color: 'warning.contrastText',
              fontWeight: 700,
              whiteSpace: 'nowrap',
            }
          : { whiteSpace: 'nowrap' }
      }
    >
      {ageText}
    </Box>
  );
}
