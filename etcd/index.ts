/**
 * Locks and semaphores kept in an etcd v3 cluster, for when one lock server is not enough: the
 * same `hold` and `tryHold` as the embedded engine and the lock server's client, fences whose
 * count is etcd's revision and whose epoch is a key in etcd, waiters served in the order they
 * asked (the etcd lock recipe), and the command that moves a restored cluster's epoch on.
 */
export { connectEtcd, EtcdLockClient, EtcdLock, EtcdSemaphore, type EtcdConnectOptions } from './client.ts'
export { bumpEpoch, readEpoch, type EpochRecord } from './epoch.ts'
export { DEFAULT_PREFIX, type HoldValue } from './keys.ts'
