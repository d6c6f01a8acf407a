// The roots of the dashboard's query keys: a change to a resource invalidates every view under its
// root (the same roots as the other remotes: one QueryClient serves the composed site).
export const queryRoots = {
  orders: ['orders'],
  reviews: ['reviews'],
  profile: ['profile'],
  payments: ['payments'],
  savedLists: ['savedLists'],
} as const;
