// GET /adminOrders/export.csv?state=: every order of the current filter as a CSV file, downloaded
// with the admin's token (a plain link could not send it).
import { useMutation } from '@tanstack/react-query';
import { api } from '@toolshop/auth';
import type { StateFilter } from '../order-filters';

/** The API's name for the file: orders-<filter>-<UTC date>.csv. */
export const exportFilename = (state: StateFilter, now = new Date()) =>
  `orders-${state}-${now.toISOString().slice(0, 10)}.csv`;

export const exportPath = (state: StateFilter) =>
  state === 'all' ? '/adminOrders/export.csv' : `/adminOrders/export.csv?state=${state}`;

export function useExportOrders() {
  return useMutation({
    // The file as the API sent it (its byte order mark lets spreadsheets read UTF-8).
    mutationFn: (state: StateFilter) =>
      api.download(exportPath(state), exportFilename(state), {
        headers: { Accept: 'text/csv' },
        signOutOnAuthError: true,
      }),
  });
}
