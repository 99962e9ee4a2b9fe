import { styled } from '@mui/material/styles';

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

/** Kept for screen readers (and the text content), hidden from the eye. */
const Hidden = styled('span')({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

// Styled once, coloured inline: a list of a few hundred bars renders without per-segment style work.
const Bar = styled('span')({
  display: 'inline-flex',
  verticalAlign: 'middle',
  position: 'relative',
  maxWidth: '100%',
  borderRadius: 4,
  overflow: 'hidden',
  // A hairline keeps the light fills apart from a white page.
  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.12)',
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.6,
});

const Segment = styled('span')({
  flex: '1 1 0',
  minWidth: 'max-content',
  padding: '0 0.3em',
  textAlign: 'center',
  whiteSpace: 'nowrap',
  fontWeight: 600,
  // Segments of the same colour stay countable.
  '& + &': { borderLeft: '1px solid rgba(255, 255, 255, 0.7)' },
});

/**
 * A horizontal bar of coloured segments, each with its value written on it. The bar's width is the
 * segments' nominal width clamped between BAR_MIN_WIDTH_EM and BAR_MAX_WIDTH_EM (and the container's);
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
    <Bar
      data-testid={testId}
      style={{
        fontSize,
        width: `clamp(${BAR_MIN_WIDTH_EM}em, ${count * SEGMENT_WIDTH_EM}em, ${BAR_MAX_WIDTH_EM}em)`,
      }}
    >
      {segments.map((s, i) => (
        <Segment key={s.key} data-tone={s.tone} style={{ backgroundColor: s.background, color: s.color }}>
          {i > 0 && <Hidden>{separator}</Hidden>}
          {s.spokenText === undefined ? (
            s.text
          ) : (
            <>
              <span aria-hidden="true">{s.text}</span>
              <Hidden>{s.spokenText}</Hidden>
            </>
          )}
        </Segment>
      ))}
    </Bar>
  );
}
