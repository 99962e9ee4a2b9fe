import Divider from '@mui/material/Divider';
import { MobileNetworkBlock } from './MobileNetworkBlock';
import { TrafficBlock } from './TrafficBlock';

/** The base-station settings' admin-only blocks this feature has (spec doc 2 §2.5): traffic, mobile network. */
export function StationAdminBlocks({ bsId }: { bsId: string }) {
  return (
    <>
      <TrafficBlock bsId={bsId} />
      <Divider />
      <MobileNetworkBlock bsId={bsId} />
      <Divider />
    </>
  );
}
