import type { ReactElement } from 'react';
import Event from '@mui/icons-material/Event';
import Info from '@mui/icons-material/Info';
import NewReleases from '@mui/icons-material/NewReleases';
import Warning from '@mui/icons-material/Warning';
import type { NewsIcon } from '@emberwatch/shared/contracts/notifications';

/** Each news icon as the news dialog draws it; the console's campaign editor picks from the same set. */
export const NEWS_ICON_ELEMENTS: Record<NewsIcon, ReactElement> = {
  info: <Info color="info" />,
  feature: <NewReleases color="primary" />,
  warning: <Warning color="warning" />,
  event: <Event color="action" />,
};
