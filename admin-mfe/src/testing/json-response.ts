/** What the paged lists read from fetch's answer (jsdom has no Response): body, status, X-Total-Count. */
export function jsonResponse(
  body: unknown,
  { status = 200, total }: { status?: number; total?: number } = {},
) {
  const headers = new Map(total === undefined ? [] : [['x-total-count', String(total)]]);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
    json: async () => body,
  };
}
