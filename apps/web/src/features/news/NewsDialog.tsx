import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Campaign from '@mui/icons-material/Campaign';
import type { UserNews } from '@emberwatch/shared/contracts/notifications';
import { newsLink } from '@emberwatch/shared/domain/notifications/newsRules';
import type { RoleContext } from '@emberwatch/shared/domain/roles';
import { formatDateTime } from '../../lib/formatDateTime';
import { useUiPreferences } from '../sessions';
import { NEWS_ICON_ELEMENTS } from './newsIcons';

const ICONS = NEWS_ICON_ELEMENTS;

/**
 * The news dialog (spec doc 1 §2): each item with its icon, title, date, text and link; popup news
 * carry a green dot; links get the reference query for non-admin, non-master users; a mailto link to
 * the news contact; an empty list says so.
 */
export function NewsDialog({
  news,
  uid,
  roleContext,
  onClose,
}: {
  news: UserNews;
  uid: number;
  roleContext: Pick<RoleContext, 'admin' | 'master'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const prefs = useUiPreferences();
  const popup = new Set(news.popupNews);
  return (
    <Dialog open onClose={onClose} aria-labelledby="news-title" fullWidth maxWidth="sm">
      <DialogTitle id="news-title">{t('news.title')}</DialogTitle>
      <DialogContent dividers>
        {news.news.length === 0 ? (
          <Typography color="text.secondary">{t('news.empty')}</Typography>
        ) : (
          <List disablePadding>
            {news.news.map((item) => (
              <ListItem key={item.id} alignItems="flex-start" disableGutters data-testid={`news-${item.id}`}>
                <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
                  {popup.has(item.id) ? (
                    <Badge
                      variant="dot"
                      overlap="circular"
                      slotProps={{ badge: { 'aria-label': t('news.popup'), role: 'img' } as object }}
                      sx={{ '& .MuiBadge-dot': { bgcolor: 'success.main' } }}
                    >
                      {ICONS[item.icon]}
                    </Badge>
                  ) : (
                    ICONS[item.icon]
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={item.title}
                  secondary={
                    <>
                      <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                        {formatDateTime(item.date, prefs.date_format, prefs.time_format)}
                      </Typography>
                      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                        {item.text}
                      </Typography>
                      {item.link && (
                        <Link
                          href={newsLink(item.link, { ...roleContext, uid, itemId: item.id })}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {t('news.readMore')}
                        </Link>
                      )}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
        <Typography variant="body2" sx={{ mt: 2 }}>
          <Campaign fontSize="small" sx={{ verticalAlign: 'middle', mr: 0.5 }} aria-hidden />
          <Link href={`mailto:${news.newsEmail}`}>{t('news.contact', { email: news.newsEmail })}</Link>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('news.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
