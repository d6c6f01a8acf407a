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

function saveFile(text: string, filename: string) {
  // The byte order mark (dropped when the answer was read as text) lets spreadsheets read UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportOrders() {
  return useMutation({
    mutationFn: async (state: StateFilter) => {
      const text = await api.get<string>(exportPath(state), {
        headers: { Accept: 'text/csv' },
        signOutOnAuthError: true,
      });
      saveFile(typeof text === 'string' ? text : '', exportFilename(state));
    },
  });
}
