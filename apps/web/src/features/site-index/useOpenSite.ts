import { useNavigate } from 'react-router';
import { useSelectedStation } from '../base-stations';

/**
 * Opens a site's farm views: its station is selected as the station switcher does (the choice kept
 * in its cookie for a day, what was loaded for the stations involved cleared), then the page opens.
 * A master's station list holds every station of the farms that authorised it, so any site is there.
 */
export function useOpenSite() {
  const navigate = useNavigate();
  const { select } = useSelectedStation();
  return (bsId: string, page: '/probes' | '/storages') => {
    select(bsId);
    void navigate(page);
  };
}
