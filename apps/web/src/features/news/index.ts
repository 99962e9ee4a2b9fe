// The news feature's public surface: the top bar's button and its dialog, and the news icons (the
// console's campaign editor picks from them).
export { NewsButton } from './NewsButton';
export { NEWS_ICON_ELEMENTS } from './newsIcons';
