export declare const pageBudgets: Record<
  '/' | '/blogs' | '/portfolio' | '/login' | '/signup' | '/no-such-page' | '/tools/{id}',
  number
>;
