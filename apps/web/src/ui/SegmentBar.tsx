import Box from '@mui/material/Box';

export interface BarSegment {
  key: string | number;
  /** What the segment shows. */
  text: string;
  /** Read by screen readers instead of `text` (e.g. what a "+2" stands for); optional. */
  spokenText?: string;
  background: string;
  color: string;
  /** A name for the segment's colour, written to data-tone (for tests and styling). */
  tone: string;
}

/** Width of one segment before clamping, in em of the bar's font, so a larger bar scales with its text. */
export const SEGMENT_WIDTH_EM = 4;
/** The whole bar is clamped: never narrower than one segment, never wider than this (nor its container). */
export const BAR_MIN_WIDTH_EM = SEGMENT_WIDTH_EM;
export const BAR_MAX_WIDTH_EM = 21;

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A horizontal bar of coloured segments, each with its value written on it. The bar's width is the
 * segments' nominal width clamped between BAR_MIN_WIDTH_EM and BAR_MAX_WIDTH_EM (and the container);
 * the segments share it equally. Screen readers (and the text content) get the values joined by
 * `separator`, so "52.3 / 51.1" reads as a list, not as "52.351.1".
 */
export function SegmentBar({
  segments,
  separator = ' / ',
  fontSize,
  testId,
}: {
  segments: readonly BarSegment[];
  separator?: string;
  fontSize?: string;
  testId?: string;
}) {
  const count = Math.max(1, segments.length);
  return (
    <Box
      component="span"
      data-testid={testId}
      sx={{
        display: 'inline-flex',
        verticalAlign: 'middle',
        position: 'relative',
        fontSize,
        width: `clamp(${BAR_MIN_WIDTH_EM}em, ${count * SEGMENT_WIDTH_EM}em, ${BAR_MAX_WIDTH_EM}em)`,
        maxWidth: '100%',
        borderRadius: 1,
        overflow: 'hidden',
        // A hairline keeps the light fills apart from a white page.
        boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.12)',
        fontVariantNumeric: 'tabular-nums',
        lineHeight: 1.6,
      }}
    >
      {segments.map((s, i) => (
        <Box
          component="span"
          key={s.key}
          data-tone={s.tone}
          sx={{
            flex: '1 1 0',
            minWidth: 'max-content',
            px: '0.3em',
            textAlign: 'center',
            whiteSpace: 'nowrap',
            bgcolor: s.background,
            color: s.color,
            fontWeight: 600,
            // Segments of the same colour stay countable.
            borderLeft: i > 0 ? '1px solid rgba(255, 255, 255, 0.7)' : undefined,
          }}
        >
          {i > 0 && (
            <Box component="span" sx={visuallyHidden}>
              {separator}
            </Box>
          )}
          {s.spokenText === undefined ? (
            s.text
          ) : (
            <>
              <span aria-hidden="true">{s.text}</span>
              <Box component="span" sx={visuallyHidden}>
                {s.spokenText}
              </Box>
            </>
          )}
        </Box>
      ))}
    </Box>
  );
}
