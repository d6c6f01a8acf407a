import { renderToStaticMarkup } from 'react-dom/server';
import { Badge, TableProduct } from '../index';
import { DataTable, TABLE_FIRST_ROWS } from './data-table';

interface Item {
  id: string;
  name: string;
  total: number;
}

const items: Item[] = [
  { id: 'a', name: 'Drill', total: 12 },
  { id: 'b', name: 'Saw', total: 3 },
];

const html = renderToStaticMarkup(
  <DataTable
    caption="All items"
    rows={items}
    rowKey={(item) => item.id}
    busy
    columns={[
      {
        header: 'Product',
        kind: 'rowHeader',
        cell: (item) => <TableProduct img="/x.webp" name={item.name} />,
      },
      { header: 'Total', kind: 'numeric', cell: (item) => item.total },
      { header: 'State', cell: () => <Badge tone="success">Shipped</Badge> },
      { header: 'Note', unlabelled: true, cell: () => 'n' },
      {
        header: 'Actions',
        kind: 'actions',
        cell: (item) => <button type="button">Delete {item.name}</button>,
      },
    ]}
  />,
);

describe('DataTable', () => {
  it('renders a captioned table, one row per item, busy while reloading', () => {
    expect(html).toMatch(/<div[^>]*aria-busy="true"/);
    expect(html).toMatch(/<caption[^>]*>All items<\/caption>/);
    // the header row and the rows of the first render (the others follow frame by frame)
    expect(html.match(/<tr>/g)).toHaveLength(1 + TABLE_FIRST_ROWS);
  });

  it('marks the row a link pointed at as the current one, and only that row', () => {
    const marked = renderToStaticMarkup(
      <DataTable
        caption="All items"
        rows={items}
        rowKey={(item) => item.id}
        currentKey="b"
        columns={[{ header: 'Product', kind: 'rowHeader', cell: (item) => item.name }]}
      />,
    );
    expect(marked.match(/<tr aria-current="true">/g)).toHaveLength(1);
    expect(marked).toMatch(/<tr aria-current="true"><th scope="row"[^>]*>Saw<\/th>/);
  });

  it('names each row by its row header and labels the other cells for phones', () => {
    expect(html).toMatch(/<th scope="row"[^>]*><span[^>]*><img[^>]*src="\/x.webp"[^>]*alt=""/);
    expect(html).toMatch(/<td data-label="Total"[^>]*>12<\/td>/);
    expect(html).toMatch(/<td data-label="State"[^>]*><span[^>]*>Shipped<\/span>/);
    expect(html).toMatch(/<td>n<\/td>|<td class="[^"]*">n<\/td>/);
  });

  it('keeps the actions header for screen readers only and the action cells unlabelled', () => {
    expect(html).toMatch(/<th scope="col"[^>]*><span[^>]*>Actions<\/span><\/th>/);
    expect(html).toMatch(/<td class="[^"]*"><button type="button">Delete Drill<\/button><\/td>/);
  });

  it('lays out from the columns’ declared widths once one declares one, and only then', () => {
    const sized = renderToStaticMarkup(
      <DataTable
        caption="All items"
        rows={items}
        rowKey={(item) => item.id}
        columns={[
          { header: 'Product', kind: 'rowHeader', width: '22%', cell: (item) => item.name },
          { header: 'Note', cell: () => 'n' },
          { header: 'Total', kind: 'numeric', width: '6rem', cell: (item) => item.total },
        ]}
      />,
    );
    expect(sized).toMatch(/<table class="[^"]*\bfixed\b[^"]*">/);
    expect(sized).toMatch(
      /<colgroup><col style="width:22%"\/><col\/><col style="width:6rem"\/><\/colgroup>/,
    );
    expect(html).not.toMatch(/<colgroup>|\bfixed\b/);
  });
});
