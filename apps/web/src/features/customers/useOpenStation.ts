import { useNavigate } from 'react-router';
import { STATION_COOKIE, STATION_COOKIE_MAX_AGE_S } from '@emberwatch/shared/domain/settingsVisibility';
import { writeCookie } from '../../lib/cookies';
import { setActingFor, useActingFor, useSelectedStation } from '../base-stations';
import { useSessionInfo } from '../sessions';

/**
 * Opens a customer's station as the admin bar's picker does (decision 0088): the app then works for
 * that customer with the station selected, and shows its probes.
 */
export function useOpenStation() {
  const navigate = useNavigate();
  const session = useSessionInfo().data;
  const actingFor = useActingFor(session);
  const { select } = useSelectedStation();
  return (customer: { uid: number; username: string; name: string | null }, bsId: string) => {
    if (!session) return;
    writeCookie(STATION_COOKIE, bsId, STATION_COOKIE_MAX_AGE_S);
    if (actingFor?.uid === customer.uid) select(bsId);
    setActingFor({
      adminUid: session.UID,
      uid: customer.uid,
      username: customer.username,
      name: customer.name,
      bsId,
    });
    void navigate('/probes');
  };
}
