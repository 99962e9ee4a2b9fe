import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Newspaper from '@mui/icons-material/Newspaper';
import type { UserInfo } from '@emberwatch/shared/contracts/users';
import {
  marksNewsSeen,
  newsSeenDateOf,
  receivesNews,
  unseenNewsCount,
} from '@emberwatch/shared/domain/notifications/newsRules';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { lazyWindow } from '../../lib/lazyWindow';
import { useMarkNewsSeen } from './newsQueries';

const NewsDialog = lazyWindow(() => import('./NewsDialog').then((m) => ({ default: m.NewsDialog })));

/**
 * The top bar's news button with its count of items newer than newsSeenDate (spec doc 1 §2, §6: for
 * non-master users with news). Closing the dialog saves newsSeenDate, except for admins (§7).
 */
export function NewsButton({
  user,
  roleContext,
}: {
  /** The user info, which carries the caller's news (spec doc 1 §3). */
  user: Pick<UserInfo, 'U_ID' | 'news' | 'newsUrls' | 'popupNews' | 'newsEmail' | 'newsSeenDate'>;
  roleContext: RoleContext;
}) {
  const { t } = useTranslation();
  const shown = receivesNews(roleContext);
  const markSeen = useMarkNewsSeen();
  const [open, setOpen] = useState(false);
  if (!shown || user.news.length === 0) return null;
  const data = user;
  const count = unseenNewsCount(data.news, data.newsSeenDate);
  const label = t('news.button', { count });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          onClick={() => setOpen(true)}
          data-testid="news-button"
        >
          <Badge badgeContent={count} color="secondary">
            <Newspaper />
          </Badge>
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <NewsDialog
            news={data}
            uid={user.U_ID}
            roleContext={roleContext}
            onClose={() => {
              setOpen(false);
              const seen = newsSeenDateOf(data.news);
              if (marksNewsSeen(roleContext) && count > 0 && seen !== null) markSeen.mutate(seen);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
