// The roots of every remote's query keys, one per resource of the API. The composed site has one
// QueryClient: a change invalidates its resource's root, and so refreshes every view of it in any
// remote (an admin's approval refreshes My Orders; a customer's order, Manage All Orders).
export const queryRoots = {
  audit: ['audit'],
  orders: ['orders'],
  payments: ['payments'],
  profile: ['profile'],
  reviews: ['reviews'],
  savedLists: ['savedLists'],
  tools: ['tools'],
  users: ['users'],
} as const;
