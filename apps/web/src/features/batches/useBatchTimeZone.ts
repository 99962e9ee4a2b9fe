import { batchTimeZone } from '@emberwatch/shared/domain/batches/batchTimeZone';
import { useBsConf, useSelectedStation } from '../base-stations';
import { readerTimeZone } from '../../lib/renderContext';

/**
 * The zone a batch's times are shown in (decision 0079): its station's, as the shell's station list
 * has it, or the station's configuration for one not in the list (another account's, for an admin);
 * the browser's for a station with none, as the PDF of the batch is asked to do.
 */
export function useBatchTimeZone(bsId: string | undefined): string {
  const listed = useSelectedStation().stations.find((s) => s.bs_id === bsId);
  const conf = useBsConf(bsId !== undefined && !listed ? bsId : undefined);
  return batchTimeZone(listed ? listed.timezone : (conf.data?.timezone ?? null), readerTimeZone());
}
