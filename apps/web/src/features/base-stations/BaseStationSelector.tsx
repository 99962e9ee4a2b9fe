import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { BasestationSummary } from '@emberwatch/shared/contracts/baseStations';
import { stationLabel } from '@emberwatch/shared/domain/baseStationTabs';
import { useSelectedStation } from './SelectedStationProvider';
import '../../ui/nativeSelect.css';
import './BaseStationSelector.css';

function optionLabel(s: BasestationSummary): string {
  const label = stationLabel(s);
  // The id is what is printed on the device, so it stays visible even when a display name is set.
  return label === s.bs_id ? s.bs_id : `${label} · ${s.bs_id}`;
}

/**
 * The station picker of the top bar. It shows the spec's placeholder "Select a BS" when the current
 * value matches no station of the list. (A plain Select rather than a searchable Autocomplete: the
 * Autocomplete and its popper would add ~16 kB gzipped to every page; the admin-wide search of the
 * admin bar is another issue.) On a phone, the row under the top bar holds the phone's own picker (a
 * native select, decision 0159): larger to the finger than a menu, and nothing to draw until it opens.
 */
export function BaseStationSelector({ phone = false }: { phone?: boolean }) {
  const { t } = useTranslation();
  const { stations, selected, select } = useSelectedStation();
  const value = selected && stations.some((s) => s.bs_id === selected.bs_id) ? selected.bs_id : '';
  if (phone) {
    return (
      <select
        className="ew-select ew-station-select"
        value={value}
        onChange={(e) => {
          if (e.target.value) select(e.target.value);
        }}
        disabled={stations.length === 0}
        aria-label={t('stations.selectorLabel')}
        data-testid="station-selector"
      >
        {value === '' && (
          <option value="" disabled>
            {t('stations.selectPlaceholder')}
          </option>
        )}
        {stations.map((s) => (
          <option key={s.bs_id} value={s.bs_id}>
            {optionLabel(s)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <Select<string>
      value={value}
      onChange={(e) => {
        if (e.target.value) select(e.target.value);
      }}
      displayEmpty
      disabled={stations.length === 0}
      renderValue={(id) => {
        const s = stations.find((x) => x.bs_id === id);
        return s ? optionLabel(s) : t('stations.selectPlaceholder');
      }}
      size="small"
      inputProps={{ 'aria-label': t('stations.selectorLabel') }}
      data-testid="station-selector"
      sx={{ width: 240, bgcolor: 'background.paper', borderRadius: 1 }}
      MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
    >
      {stations.map((s) => (
        <MenuItem key={s.bs_id} value={s.bs_id}>
          {optionLabel(s)}
        </MenuItem>
      ))}
    </Select>
  );
}
