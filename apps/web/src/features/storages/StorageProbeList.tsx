import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Box from '@mui/material/Box';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { DegreesUnit } from '@emberwatch/shared/domain/temperature';
import { TemperatureBar } from '../probes';
import { probeDetailPath } from '../probe-detail';
import type { StorageProbeInfo } from './useStorageProbeInfo';

/** The collapsible list of the storage's probes (spec doc 3 §2), each with its depths and a link. */
export function StorageProbeList({
  probes,
  itemID,
  unit,
  colorStepsC,
}: {
  probes: readonly StorageProbeInfo[];
  itemID: number;
  unit: DegreesUnit;
  colorStepsC: readonly number[];
}) {
  const { t } = useTranslation();
  return (
    <Accordion disableGutters variant="outlined" sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMore />}>
        {t('storageDetail.probeList', { count: probes.length })}
      </AccordionSummary>
      <AccordionDetails sx={{ p: 0 }}>
        <List dense disablePadding>
          {probes.map((p) => (
            <ListItemButton key={p.id} component={RouterLink} to={probeDetailPath(p.id, String(itemID))}>
              <ListItemText
                primary={p.name ?? p.id}
                secondary={p.name === null ? null : p.id}
                sx={{ flex: '0 0 40%' }}
              />
              <Box sx={{ flex: 1 }}>
                {p.temperatures === null ? (
                  t('storageDetail.noReading')
                ) : (
                  <TemperatureBar temperatures={p.temperatures} unit={unit} colorStepsC={colorStepsC} />
                )}
              </Box>
            </ListItemButton>
          ))}
        </List>
      </AccordionDetails>
    </Accordion>
  );
}
