const EMOTION_STYLE = /<style data-emotion="([^" ]+)((?: [^"]*)?)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * A page drawn on the server (decision 0174) with its Emotion style elements lifted out, for the end of
 * its head. In the browser Emotion keeps its styles in the head, where it moves any it finds when it
 * starts, and its global styles render no element: left in the body, they would not match the browser's
 * render of the page. The rules of the `css` key go in one element: Emotion writes one beside each
 * element it styles (over a hundred on a storage), and the browser's Emotion would move each and read
 * its names, one DOM operation each, while the page is taken over; one element naming every rule reads
 * the same (Emotion's own server extraction writes it so). The global styles keep elements of their own,
 * as Emotion's `Global` looks for each by its name.
 */
export function liftEmotionStyles(html: string): { body: string; styles: string } {
  const globals: string[] = [];
  const names: string[] = [];
  const rules: string[] = [];
  const body = html.replace(EMOTION_STYLE, (style, key: string, ids: string, css: string) => {
    if (key === 'css') {
      names.push(...ids.trim().split(' ').filter(Boolean));
      rules.push(css);
    } else globals.push(style);
    return '';
  });
  const merged =
    rules.length > 0 ? `<style data-emotion="css ${names.join(' ')}">${rules.join('')}</style>` : '';
  return { body, styles: globals.join('') + merged };
}
