import { renderEmail } from './email-layout';
import { SELLER } from './invoice';

const shopUrl = 'https://shop.example';
const mail = () =>
  renderEmail({
    greeting: 'Hello <Zoë> & "Co",',
    paragraphs: [
      ['Your order of ', { strong: '2 × Drill <b>' }, ' is on its way.'],
      ['Order number: ', { code: '1007' }],
      ['Track it at ', { link: 'UPS', href: 'https://www.ups.com/track?tracknum=1Z"><x>' }],
    ],
    action: { label: 'View your order', href: `${shopUrl}/dashboard/myOrders` },
    after: [['Questions? Answer this email.']],
    shopUrl,
  });

describe('renderEmail', () => {
  it('writes a plain-text part with the same paragraphs, the action as a URL and the footer', () => {
    const { text } = mail();
    expect(text).toBe(
      [
        'Hello <Zoë> & "Co",',
        'Your order of 2 × Drill <b> is on its way.',
        'Order number: 1007',
        'Track it at UPS (https://www.ups.com/track?tracknum=1Z"><x>)',
        `View your order: ${shopUrl}/dashboard/myOrders`,
        'Questions? Answer this email.',
        '— Toolshop',
        `--\n${[SELLER.name, ...SELLER.addressLines, SELLER.email].join('\n')}\n${shopUrl}`,
      ].join('\n\n') + '\n',
    );
  });

  it('writes an HTML part with the logo, a button, the shop address footer, everything escaped', () => {
    const { html } = mail();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('>Toolshop</span>');
    expect(html).toContain('Hello &#60;Zoë&#62; &#38; &#34;Co&#34;,');
    expect(html).toContain('<strong>2 × Drill &#60;b&#62;</strong>');
    expect(html).toContain('<code>1007</code>');
    expect(html).toContain('href="https://www.ups.com/track?tracknum=1Z&#34;&#62;&#60;x&#62;"');
    expect(html).toMatch(
      /<a href="https:\/\/shop\.example\/dashboard\/myOrders"[^>]*>View your order<\/a>/,
    );
    for (const line of [SELLER.name, ...SELLER.addressLines, SELLER.email])
      expect(html).toContain(line);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<x>');
    expect(html).not.toContain('<Zoë>');
  });

  it('never makes a link of a non-http URL', () => {
    const { html } = renderEmail({
      greeting: 'Hello,',
      paragraphs: [[{ link: 'click', href: 'javascript:alert(1)' }]],
      action: { label: 'Go', href: 'data:text/html,hi' },
      shopUrl,
    });
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
  });
});
