import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SITE_EXTENT_MAX,
  SITE_EXTENT_MIN,
  SITE_LABEL_TEXT_MAX,
  type SiteInput,
  type SiteLabel,
  type SiteStorage,
} from '@emberwatch/shared/contracts/sites';
import {
  changeSiteLabel,
  changeSiteStorage,
  newSiteLabel,
  nextExpanded,
  resizeSite,
  siteLabelRanges,
  siteStorageRanges,
  type SiteRange,
} from '@emberwatch/shared/domain/sitePlan';
import { DEFAULT_STORAGE_COLOUR } from './siteScene';

/** Spec doc 3 §2 and §9: the site editor panel is 250 wide. */
export const SITE_EDITOR_WIDTH = 250;
const NEW_LABEL_COLOUR = '#212121';

/**
 * The site editor's side panel (spec doc 3 §2 "Site view and site editor"): the Site dimensions,
 * Storage styles and Labels accordions with the ranges of §5. Every change goes through the shared
 * rules (resizeSite, changeSiteStorage, changeSiteLabel), so the plan it hands back is always one
 * the server accepts. Only one storage or label is open at a time.
 */
export function SiteEditorPanel<T extends SiteInput>({
  site,
  storageNames,
  onChange,
}: {
  site: T;
  storageNames: ReadonlyMap<number, string>;
  onChange: (site: T) => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<string | null>(null);
  const toggle = (key: string) => setExpanded((current) => nextExpanded(current, key));
  const storages = site.siteStorages.filter((s) => storageNames.has(s.id));

  const addLabel = () => {
    const label = { ...newSiteLabel(site, NEW_LABEL_COLOUR), text: t('sitePlan.editor.newLabelText') };
    onChange({ ...site, labels: [...site.labels, label] });
    setExpanded(`label:${label.id}`);
  };

  return (
    <Box
      component="aside"
      aria-label={t('sitePlan.editor.title')}
      data-testid="site-editor"
      sx={{ width: { xs: '100%', sm: SITE_EDITOR_WIDTH }, flexShrink: 0, overflowY: 'auto' }}
    >
      <Accordion defaultExpanded disableGutters>
        <AccordionSummary expandIcon={<ExpandMore />}>{t('sitePlan.editor.dimensions')}</AccordionSummary>
        <AccordionDetails>
          <RangeSlider
            label={t('sitePlan.editor.columns')}
            value={site.columns}
            range={{ min: SITE_EXTENT_MIN, max: SITE_EXTENT_MAX }}
            onChange={(v) => onChange(resizeSite(site, v, site.rows))}
          />
          <RangeSlider
            label={t('sitePlan.editor.rows')}
            value={site.rows}
            range={{ min: SITE_EXTENT_MIN, max: SITE_EXTENT_MAX }}
            onChange={(v) => onChange(resizeSite(site, site.columns, v))}
          />
        </AccordionDetails>
      </Accordion>
      <Accordion disableGutters>
        <AccordionSummary expandIcon={<ExpandMore />}>{t('sitePlan.editor.styles')}</AccordionSummary>
        <AccordionDetails sx={{ p: 0 }}>
          {storages.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              {t('sitePlan.editor.noStorages')}
            </Typography>
          )}
          {storages.map((s) => (
            <EntryAccordion
              key={s.id}
              title={storageNames.get(s.id) ?? ''}
              expanded={expanded === `storage:${s.id}`}
              onToggle={() => toggle(`storage:${s.id}`)}
            >
              <StorageStyleForm
                entry={s}
                site={site}
                onChange={(change) => onChange(changeSiteStorage(site, s.id, change))}
              />
            </EntryAccordion>
          ))}
        </AccordionDetails>
      </Accordion>
      <Accordion disableGutters>
        <AccordionSummary expandIcon={<ExpandMore />}>{t('sitePlan.editor.labels')}</AccordionSummary>
        <AccordionDetails sx={{ p: 0 }}>
          <Box sx={{ p: 1 }}>
            <Button size="small" startIcon={<Add />} onClick={addLabel}>
              {t('sitePlan.editor.addLabel')}
            </Button>
          </Box>
          {site.labels.map((l) => (
            <EntryAccordion
              key={l.id}
              title={l.text || t('sitePlan.editor.untitled')}
              expanded={expanded === `label:${l.id}`}
              onToggle={() => toggle(`label:${l.id}`)}
            >
              <LabelForm
                label={l}
                site={site}
                onChange={(change) => onChange(changeSiteLabel(site, l.id, change))}
                onRemove={() => onChange({ ...site, labels: site.labels.filter((x) => x.id !== l.id) })}
              />
            </EntryAccordion>
          ))}
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}

function EntryAccordion({
  title,
  expanded,
  onToggle,
  children,
}: {
  title: string;
  expanded: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      square
      elevation={0}
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ borderTop: 1, borderColor: 'divider' }}
    >
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography variant="body2" noWrap>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{children}</AccordionDetails>
    </Accordion>
  );
}

function StorageStyleForm({
  entry,
  site,
  onChange,
}: {
  entry: SiteStorage;
  site: SiteInput;
  onChange: (change: Partial<Omit<SiteStorage, 'id'>>) => void;
}) {
  const { t } = useTranslation();
  const ranges = siteStorageRanges(entry, site);
  return (
    <>
      <FormControlLabel
        control={<Switch checked={entry.isSilo} onChange={(e) => onChange({ isSilo: e.target.checked })} />}
        label={t('sitePlan.editor.silo')}
      />
      <RangeSlider
        label={t('sitePlan.editor.width')}
        value={entry.wid}
        range={ranges.wid}
        onChange={(wid) => onChange({ wid })}
      />
      {/* Spec doc 3 §5: the silo form hides depth (a silo is round). */}
      {ranges.hei && (
        <RangeSlider
          label={t('sitePlan.editor.depth')}
          value={entry.hei}
          range={ranges.hei}
          onChange={(hei) => onChange({ hei })}
        />
      )}
      <RangeSlider
        label={t('sitePlan.editor.floors')}
        value={entry.floors}
        range={ranges.floors}
        onChange={(floors) => onChange({ floors })}
      />
      <RangeSlider
        label={t('sitePlan.editor.left')}
        value={entry.left}
        range={ranges.left}
        onChange={(left) => onChange({ left })}
      />
      <RangeSlider
        label={t('sitePlan.editor.top')}
        value={entry.top}
        range={ranges.top}
        onChange={(top) => onChange({ top })}
      />
      <ColourField
        label={t('sitePlan.editor.colour')}
        value={entry.color || DEFAULT_STORAGE_COLOUR}
        onChange={(color) => onChange({ color })}
      />
    </>
  );
}

function LabelForm({
  label,
  site,
  onChange,
  onRemove,
}: {
  label: SiteLabel;
  site: SiteInput;
  onChange: (change: Partial<Omit<SiteLabel, 'id'>>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const ranges = siteLabelRanges(site);
  return (
    <>
      <TextField
        label={t('sitePlan.editor.labelText')}
        value={label.text}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: SITE_LABEL_TEXT_MAX } }}
        onChange={(e) => onChange({ text: e.target.value })}
        sx={{ mb: 1 }}
      />
      <RangeSlider
        label={t('sitePlan.editor.left')}
        value={label.left}
        range={ranges.left}
        onChange={(left) => onChange({ left })}
      />
      <RangeSlider
        label={t('sitePlan.editor.top')}
        value={label.top}
        range={ranges.top}
        onChange={(top) => onChange({ top })}
      />
      <RangeSlider
        label={t('sitePlan.editor.elevation')}
        value={label.elevation}
        range={ranges.elevation}
        onChange={(elevation) => onChange({ elevation })}
      />
      <ColourField
        label={t('sitePlan.editor.colour')}
        value={label.color || NEW_LABEL_COLOUR}
        onChange={(color) => onChange({ color })}
      />
      <Button size="small" color="error" startIcon={<Delete />} onClick={onRemove} sx={{ mt: 1 }}>
        {t('sitePlan.editor.removeLabel')}
      </Button>
    </>
  );
}

/** A labelled slider over a §5 range, step 1, its value written beside the label. */
function RangeSlider({
  label,
  value,
  range,
  onChange,
}: {
  label: string;
  value: number;
  range: SiteRange;
  onChange: (value: number) => void;
}) {
  return (
    <Box sx={{ mb: 0.5 }}>
      <Typography variant="caption" component="div" sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <span>{label}</span>
        <span>{value}</span>
      </Typography>
      <Slider
        size="small"
        value={value}
        min={range.min}
        max={range.max}
        step={1}
        disabled={range.min === range.max}
        slotProps={{ input: { 'aria-label': label } }}
        onChange={(_, v: number | number[]) => onChange(typeof v === 'number' ? v : (v[0] ?? value))}
      />
    </Box>
  );
}

function ColourField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      type="color"
      label={label}
      value={value}
      size="small"
      fullWidth
      onChange={(e) => onChange(e.target.value)}
      sx={{ mt: 1 }}
    />
  );
}
