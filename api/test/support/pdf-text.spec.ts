import { deflateSync } from 'node:zlib';
import { pdfText } from './pdf-text';

const pdfWith = (content: Buffer, dictionary: string) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.3\n1 0 obj\n<<\n${dictionary}\n>>\nstream\n`, 'latin1'),
    content,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);

describe('pdfText (test support)', () => {
  it('reads a deflated content stream whose last byte is a carriage return', () => {
    let text = '';
    let deflated = Buffer.alloc(0);
    // Its last byte is the checksum's, which moves with the sum of the text's bytes.
    for (let i = 0; deflated.at(-1) !== 0x0d; i++) {
      text = `Invoice ${'~'.repeat(Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;
      deflated = deflateSync(Buffer.from(`BT (${text}) Tj ET`, 'latin1'));
    }
    const pdf = pdfWith(deflated, `/Length ${deflated.length}\n/Filter /FlateDecode`);
    expect(pdfText(pdf)).toBe(text);
  });

  it('reads a plain content stream', () => {
    const content = Buffer.from('BT [(Tool) -20 (shop)] TJ ET', 'latin1');
    expect(pdfText(pdfWith(content, `/Length ${content.length}`))).toBe('Toolshop');
  });
});
