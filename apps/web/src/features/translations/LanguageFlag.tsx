import type { ReactNode } from 'react';
import type { Language } from '@emberwatch/shared/contracts/preferences';

/** Horizontal or vertical stripes of equal width over the 30 × 20 flag. */
function stripes(colours: readonly string[], vertical: boolean): ReactNode {
  const size = (vertical ? 30 : 20) / colours.length;
  return colours.map((fill, i) =>
    vertical ? (
      <rect key={fill + i} x={i * size} y={0} width={size} height={20} fill={fill} />
    ) : (
      <rect key={fill + i} x={0} y={i * size} width={30} height={size} fill={fill} />
    ),
  );
}

/** The Croatian shield's chequy, 5 × 5 red and white, in the middle of the white stripe. */
function chequy(): ReactNode {
  const cell = 1.6;
  const cells: ReactNode[] = [];
  for (let r = 0; r < 5; r++)
    for (let c = 0; c < 5; c++)
      cells.push(
        <rect
          key={`${r}-${c}`}
          x={11 + c * cell}
          y={5.5 + r * cell}
          width={cell}
          height={cell}
          fill={(r + c) % 2 === 0 ? '#FF0000' : '#FFFFFF'}
        />,
      );
  return (
    <>
      {cells}
      <rect x={11} y={5.5} width={8} height={8} fill="none" stroke="#171796" strokeWidth={0.4} />
    </>
  );
}

/**
 * Each language's flag, drawn in the page (no image is fetched, and flag emoji show as two letters on
 * some systems). Simplified where the real one is detailed: the Union flag's red saltire is not
 * offset, the Croatian arms are their chequy alone. English is the United Kingdom's.
 */
const FLAGS: Record<Language, () => ReactNode> = {
  en: () => (
    <>
      <rect width={30} height={20} fill="#012169" />
      <path d="M0,0L30,20M30,0L0,20" stroke="#FFFFFF" strokeWidth={4} />
      <path d="M0,0L30,20M30,0L0,20" stroke="#C8102E" strokeWidth={1.3} />
      <path d="M15,0V20M0,10H30" stroke="#FFFFFF" strokeWidth={6} />
      <path d="M15,0V20M0,10H30" stroke="#C8102E" strokeWidth={3.6} />
    </>
  ),
  fr: () => stripes(['#002654', '#FFFFFF', '#CE1126'], true),
  it: () => stripes(['#009246', '#FFFFFF', '#CE2B37'], true),
  de: () => stripes(['#000000', '#DD0000', '#FFCE00'], false),
  nl: () => stripes(['#AE1C28', '#FFFFFF', '#21468B'], false),
  es: () => (
    <>
      <rect width={30} height={20} fill="#AA151B" />
      <rect y={5} width={30} height={10} fill="#F1BF00" />
    </>
  ),
  fi: () => (
    <>
      <rect width={30} height={20} fill="#FFFFFF" />
      <rect x={8} width={5} height={20} fill="#002F6C" />
      <rect y={7.5} width={30} height={5} fill="#002F6C" />
    </>
  ),
  hr: () => (
    <>
      {stripes(['#FF0000', '#FFFFFF', '#171796'], false)}
      {chequy()}
    </>
  ),
};

/** A language's flag, beside its name (decorative: the name says which language it is). */
export function LanguageFlag({ language, height = 16 }: { language: Language; height?: number }) {
  return (
    <svg
      viewBox="0 0 30 20"
      width={height * 1.5}
      height={height}
      aria-hidden="true"
      focusable="false"
      data-testid={`flag-${language}`}
      style={{ display: 'inline-block', verticalAlign: 'middle', boxShadow: '0 0 0 1px rgba(0,0,0,0.15)' }}
    >
      {FLAGS[language]()}
    </svg>
  );
}
