import { useState } from 'react';
import { formatDateTime, TrustMessages } from '@toolshop/contracts';
import { DataTable } from '@toolshop/ui/tables';
import { PagedList } from '../../components/paged-list';
import { AUDIT_PAGE_SIZE, useAuditPage } from './api/audit-log';
import { actionLabel, changeLines, detailsText } from './audit-text';
import styles from './audit-table.module.css';

/** Who did what and when: every admin action, newest first, a page at a time. */
export function AuditTable() {
  const [page, setPage] = useState(1);
  const query = useAuditPage(page);

  return (
    <PagedList
      query={query}
      page={page}
      pageSize={AUDIT_PAGE_SIZE}
      onPage={setPage}
      errorTitle="The audit log could not be loaded."
      emptyTitle={TrustMessages.noAuditEntries}
      pagerLabel="Audit log pages"
    >
      {(entries) => (
        <DataTable
          caption="Admin actions, newest first"
          rows={entries}
          rowKey={(entry) => entry._id}
          busy={query.isPlaceholderData}
          columns={[
            {
              header: 'When',
              cell: (entry) => (
                <time dateTime={entry.at}>{formatDateTime(entry.at, { seconds: true })}</time>
              ),
            },
            { header: 'Admin', className: styles.wrap, cell: (entry) => entry.actor },
            { header: 'Action', kind: 'rowHeader', cell: (entry) => actionLabel(entry.action) },
            {
              header: 'Target',
              className: styles.wrap,
              cell: (entry) => (
                <>
                  {entry.targetName && (
                    <>
                      {entry.targetName}
                      <br />
                    </>
                  )}
                  <small className={styles.muted}>{entry.targetId}</small>
                </>
              ),
            },
            {
              header: 'Change (before → after)',
              className: styles.wrap,
              cell: (entry) => {
                const lines = changeLines(entry);
                if (lines.length === 0) return detailsText(entry.details);
                return (
                  <ul className={styles.changes}>
                    {lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                );
              },
            },
          ]}
        />
      )}
    </PagedList>
  );
}
