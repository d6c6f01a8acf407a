import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made by pdfkit, one line per text-showing operator (`[<hex> kerning <hex>] TJ`,
 * `<hex> Tj`, `(literal) Tj`), in the order drawn. Strings of an embedded font (glyph ids) are
 * decoded through the font's ToUnicode map, those of a standard font as Windows-1252. Enough to
 * assert what an invoice says, and that a character really prints as itself, without a PDF library.
 */
export function pdfText(pdf: Buffer): string {
  const { skeleton, streams } = readObjects(pdf.toString('latin1'));
  const unicodeMaps = new Map<string, Map<number, string>>();
  // Font resources by name (pdfkit names them F1, F2... once per document).
  for (const [, fonts = ''] of skeleton.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const [, name = '', ref = ''] of fonts.matchAll(/\/(\S+)\s+(\d+)\s+0\s+R/g)) {
      const font = new RegExp(`(?:^|\\s)${ref} 0 obj\\s*<<([^]*?)>>\\s*endobj`).exec(skeleton)?.[1];
      const toUnicode = font && /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font)?.[1];
      const cmap = toUnicode && streams.get(toUnicode);
      if (cmap) unicodeMaps.set(name, parseCMap(cmap));
    }
  }
  const lines: string[] = [];
  // The pages' content streams, in the order the pages were written (a bare stream without pages:
  // every stream).
  const pages = [...skeleton.matchAll(/\/Contents\s+(\d+)\s+0\s+R/g)].map(([, id = '']) => id);
  for (const id of pages.length ? pages : streams.keys()) {
    const content = streams.get(id) ?? '';
    let font: Map<number, string> | undefined;
    for (const [, fontName, operand = ''] of content.matchAll(
      /\/(\S+)\s+[\d.]+\s+Tf|(\[[^\]]*\]|<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*T[Jj]/g,
    )) {
      if (fontName) {
        font = unicodeMaps.get(fontName);
        continue;
      }
      const parts = operand.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      lines.push(parts.map((part) => decodeString(part, font)).join(''));
    }
  }
  return lines.join('\n');
}

/** Every object's stream, decoded (inflated), and the file without the streams' bytes. */
function readObjects(source: string) {
  const streams = new Map<string, string>();
  let skeleton = '';
  let copied = 0;
  const starts = /(\d+) 0 obj\s*<<((?:(?!endobj)[^])*?)>>\s*stream\r?\n/g;
  for (let match; (match = starts.exec(source));) {
    const dictionary = match[2] ?? '';
    const start = match.index + match[0].length;
    // The body is exactly /Length bytes: deflated bytes may end in a CR, which a search for the
    // line break before "endstream" would take away (an invoice's text then read as empty).
    const length = /\/Length\s+(\d+)\s*(?:\/|$)/.exec(dictionary)?.[1];
    const end = length ? start + Number(length) : source.indexOf('endstream', start);
    if (end < start) break; // a stream without its end: no text after it
    skeleton += source.slice(copied, start);
    copied = end;
    starts.lastIndex = end;
    if (/\/Subtype\s*\/Image/.test(dictionary)) continue;
    try {
      const raw = Buffer.from(source.slice(start, end), 'latin1');
      const body = /\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw;
      streams.set(match[1] ?? '', body.toString('latin1'));
    } catch {
      continue;
    }
  }
  return { skeleton: skeleton + source.slice(copied), streams };
}

const utf16 = (hex: string) =>
  Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap's `bfchar` and `bfrange` entries: code → text. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, body = ''] of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, code = '', text = ''] of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(parseInt(code, 16), utf16(text));
    }
  }
  for (const [, body = ''] of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    const ranges = body.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    );
    for (const [, low = '', high = '', target = ''] of ranges) {
      const from = parseInt(low, 16);
      const to = parseInt(high, 16);
      if (target.startsWith('[')) {
        const texts = target.match(/<([0-9a-fA-F]+)>/g) ?? [];
        texts.forEach((text, index) => map.set(from + index, utf16(text.slice(1, -1))));
      } else {
        const first = utf16(target.slice(1, -1));
        for (let code = from; code <= to; code++) {
          const last = first.charCodeAt(first.length - 1) + (code - from);
          map.set(code, first.slice(0, -1) + String.fromCharCode(last));
        }
      }
    }
  }
  return map;
}

function decodeString(token: string, font?: Map<number, string>): string {
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s/g, '');
    if (!font) return Buffer.from(hex, 'hex').toString('latin1');
    let text = '';
    for (let at = 0; at < hex.length; at += 4)
      text += font.get(parseInt(hex.slice(at, at + 4), 16)) ?? '\uFFFD';
    return text;
  }
  return token
    .slice(1, -1)
    .replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) =>
      /^[0-7]/.test(escape)
        ? String.fromCharCode(parseInt(escape, 8))
        : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[escape] ??
          escape),
    );
}
