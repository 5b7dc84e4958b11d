/**
 * Leases over a connection: a lock server for one store, and a client whose locks and
 * semaphores hold keys as the embedded engine's do (LOCK-07).
 */
export { connect, LockClient, RemoteLock, RemoteSemaphore, type CloseOptions, type ConnectOptions } from './client.ts'
export { serve, DEFAULT_LIMITS, type LockServer, type ServeOptions, type ServerLimits } from './server.ts'
export type { HistoryRecord } from './history.ts'
export {
	DEFAULT_PORT,
	MAX_TTL_MS,
	MIN_TTL_MS,
	PROTOCOL_VERSION,
	type ListedHolder,
	type ListedKey,
	type ListedWaiter,
	type LostEvent,
	type LostReason,
	type Request,
	type Response,
	type WireError,
	type WireErrorCode,
	type WireLease,
} from './protocol.ts'
