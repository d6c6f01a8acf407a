// The roots of the storefront's query keys: a change to a resource invalidates every view under its
// root (the same roots as the other remotes: one QueryClient serves the composed site).
export const queryRoots = {
  tools: ['tools'],
  reviews: ['reviews'],
  orders: ['orders'],
} as const;
