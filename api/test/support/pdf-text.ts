import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made with the standard fonts (pdfkit): every content stream is inflated, and the
 * strings of each text-showing operator (`[<hex> kerning <hex>] TJ`, `<hex> Tj`, `(literal) Tj`)
 * are decoded as Windows-1252 and joined, one line per operator. Enough to assert what an invoice
 * says without a PDF library in the tests.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match; (match = streams.exec(source));) {
    const dictionary = match[1] ?? '';
    const start = match.index + match[0].length;
    // The body is exactly /Length bytes: deflated bytes may end in a CR, which a search for the
    // line break before "endstream" would take away (an invoice's text then read as empty).
    const length = /\/Length\s+(\d+)\s*(?:\/|$)/.exec(dictionary)?.[1];
    const end = length ? start + Number(length) : source.indexOf('endstream', start);
    if (end < start) break; // a stream without its end: no text after it
    streams.lastIndex = end;
    if (/\/Subtype\s*\/Image/.test(dictionary)) continue;
    let content: string;
    try {
      const raw = Buffer.from(source.slice(start, end), 'latin1');
      content = (/\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    for (const [, operand = ''] of content.matchAll(
      /(\[[^\]]*\]|<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*T[Jj]/g,
    )) {
      const parts = operand.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      lines.push(parts.map(decodeString).join(''));
    }
  }
  return lines.join('\n');
}

function decodeString(token: string): string {
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s/g, '');
    return Buffer.from(hex, 'hex').toString('latin1');
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
