// The roots of the admin's query keys: a change to a resource invalidates every view under its root
// (e.g. a cancelled order refetches the orders pages and the overview).
export const queryRoots = {
  adminOrders: ['adminOrders'],
  adminReviews: ['adminReviews'],
  audit: ['audit'],
  tools: ['tools'],
  users: ['users'],
} as const;
