import { renderToStaticMarkup } from 'react-dom/server';
import { ShipmentInfo } from './shipment-info';

describe('ShipmentInfo', () => {
  it('shows the carrier and the tracking number as text, no link', () => {
    const html = renderToStaticMarkup(
      <ShipmentInfo order={{ shipped: true, carrier: 'DHL', trackingNumber: 'JD0146' }} />,
    );
    expect(html).toContain('Shipped with DHL, tracking number <code>JD0146</code>');
    expect(html).not.toContain('<a');
  });

  it('shows nothing before shipping or when the admin entered neither', () => {
    expect(renderToStaticMarkup(<ShipmentInfo order={{ shipped: false, carrier: 'DHL' }} />)).toBe(
      '',
    );
    expect(renderToStaticMarkup(<ShipmentInfo order={{ shipped: true }} />)).toBe('');
    expect(
      renderToStaticMarkup(<ShipmentInfo order={{ shipped: true, trackingNumber: '1Z' }} />),
    ).toContain('Shipped, tracking number <code>1Z</code>');
  });
});
