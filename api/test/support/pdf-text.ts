// The PDF text reader is shared with the browser tests (which download invoices).
export { pdfText } from '@toolshop/devstack/e2e/pdf-text';
