// One task at a time per key within this process (@toolshop/lease-locks: the leases' local queue).
export { KeyedMutex } from '@toolshop/lease-locks';
