// The shop's table: only the pages with tables need it, so it is a subpath of its own
// (`@toolshop/ui/tables`, bundled by the remotes that use it), not part of the shared `@toolshop/ui`
// every page loads (the home page's scripts have a budget). What its cells hold (TableProduct,
// Badge) stays there: TableProduct's image needs the shop's one image base.
export { DataTable, type DataColumn, type DataTableProps } from './data-table';
