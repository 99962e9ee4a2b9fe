// The text a PDF shows, for tests of the server's PDFs (apps/server/test) and of their downloads in
// the browser (e2e/): pdfkit's output, read without a PDF library.
import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, read the way a viewer does: every stream inflated, each font's ToUnicode map
 * parsed, and the content's text operators (Tj, TJ) decoded with the font selected (Tf) at the time.
 */
export function pdfText(pdf) {
  const raw = pdf.toString('latin1');
  const objects = new Map();
  // Each object's dictionary, and its stream sliced by its /Length (binary data may hold any bytes).
  const objRe = /(\d+) 0 obj\s*/g;
  for (let m = objRe.exec(raw); m; m = objRe.exec(raw)) {
    const at = m.index + m[0].length;
    const streamAt = raw.indexOf('stream', at);
    const endAt = raw.indexOf('endobj', at);
    let dict = raw.slice(at, endAt);
    let stream = null;
    if (streamAt !== -1 && streamAt < endAt) {
      dict = raw.slice(at, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const dataAt = streamAt + (raw[streamAt + 6] === '\r' ? 8 : 7);
      const bytes = Buffer.from(raw.slice(dataAt, dataAt + length), 'latin1');
      stream = /\/FlateDecode/.test(dict) ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1');
      objRe.lastIndex = dataAt + length;
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  const utf16 = (hex) => {
    let out = '';
    for (let i = 0; i + 4 <= hex.length; i += 4)
      out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  const cmapOf = (text) => {
    const map = new Map();
    for (const block of text.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? [])
      for (const e of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
        map.set(parseInt(e[1], 16), utf16(e[2]));
    for (const block of text.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? [])
      for (const e of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const lo = parseInt(e[1], 16);
        const hi = parseInt(e[2], 16);
        const dst = e[3];
        if (dst.startsWith('[')) {
          // A ligature's entry names its letters with a space between them: <0066 0069> is "fi".
          const list = [...dst.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((x) => utf16(x[1].replace(/\s/g, '')));
          for (let c = lo; c <= hi; c++) map.set(c, list[c - lo] ?? '');
        } else {
          const base = parseInt(dst.slice(1, -1), 16);
          for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(base + c - lo));
        }
      }
    return map;
  };
  // Font resource names (pdfkit names them once per document) to their ToUnicode maps.
  const fonts = new Map();
  for (const { dict } of objects.values())
    for (const block of dict.match(/\/Font\s*<<([^>]*)>>/g) ?? [])
      for (const f of block.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const fontDict = objects.get(Number(f[2]))?.dict ?? '';
        const tu = /\/ToUnicode (\d+) 0 R/.exec(fontDict);
        const stream = tu ? objects.get(Number(tu[1]))?.stream : null;
        if (stream) fonts.set(f[1], cmapOf(stream));
      }
  let text = '';
  for (const { stream } of objects.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let font = new Map();
    const opRe = /\/(\w+)\s+[\d.]+\s+Tf|(\[(?:[^\]]*)\])\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
    for (let m = opRe.exec(stream); m; m = opRe.exec(stream)) {
      if (m[1]) font = fonts.get(m[1]) ?? new Map();
      const hexes = m[2]
        ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1])
        : m[3] !== undefined
          ? [m[3]]
          : [];
      for (const hex of hexes)
        for (let i = 0; i + 4 <= hex.length; i += 4)
          text += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      if (m[0] === 'ET') text += '\n';
    }
  }
  return text;
}
