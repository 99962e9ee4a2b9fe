import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import Grass from '@mui/icons-material/Grass';
import Grain from '@mui/icons-material/Grain';
import Compost from '@mui/icons-material/Compost';
import Sensors from '@mui/icons-material/Sensors';
import { unitOf } from '@emberwatch/shared/domain/temperature';
import { SAFETY_ALERT_LIMIT_C } from '@emberwatch/shared/domain/temperatureSettingRange';
import { useUiPreferences } from '../sessions';
import { formatGuideTemperature, formatTemperatureDifference } from '../../lib/formatGuideTemperature';

const MATERIALS = [
  { key: 'hay', icon: <Grass /> },
  { key: 'grain', icon: <Grain /> },
  { key: 'compost', icon: <Compost /> },
] as const;

const PARAGRAPHS = ['p1', 'p2', 'p3'] as const;

/**
 * The guide values the texts quote, in °C; they are shown in the user's unit, so the texts carry
 * placeholders instead of numbers.
 */
const GUIDE_C = {
  /** Hay: normal sweating up to here. */
  normal: 50,
  /** Hay: check twice a day from here. */
  check: 55,
  /** Hay: risk of fire from here, the safety alert's limit. */
  fire: SAFETY_ALERT_LIMIT_C,
  /** Grain: keep stored grain below about this. */
  cool: 15,
  /** Compost: turn the windrow above this. */
  turn: 70,
} as const;
/** Grain: aerate when the outside air is at least this much cooler than the grain. */
const AERATE_DIFFERENCE_C = 5;

/** Help for the three stored materials; the plan-dependent help of the spec comes with plans. */
export function InstructionsPage() {
  const { t } = useTranslation();
  const unit = unitOf(useUiPreferences().degrees);
  const values = {
    ...Object.fromEntries(
      Object.entries(GUIDE_C).map(([name, c]) => [name, formatGuideTemperature(c, unit)]),
    ),
    cooler: formatTemperatureDifference(AERATE_DIFFERENCE_C, unit),
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('instructions.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {MATERIALS.map(({ key, icon }) => (
          <Card key={key} variant="outlined" component="section" aria-labelledby={`instructions-${key}`}>
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
                {icon}
                <Typography variant="h6" component="h2" id={`instructions-${key}`}>
                  {t(`instructions.${key}.title`)}
                </Typography>
              </Box>
              {PARAGRAPHS.map((p) => (
                <Typography key={p} variant="body2" sx={{ mb: 1 }}>
                  {t(`instructions.${key}.${p}`, values)}
                </Typography>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
      <Card variant="outlined" component="section" aria-labelledby="instructions-reading">
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
            <Sensors />
            <Typography variant="h6" component="h2" id="instructions-reading">
              {t('instructions.readingTitle')}
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('instructions.reading.p1')}
          </Typography>
          <Typography variant="body2">{t('instructions.reading.p2')}</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
