import { Buffer } from 'node:buffer'
import { DEFAULT_TTL_MS, DEFAULT_WAIT_MS, keyPlace, LockError, parseDuration, parseFence } from '../engine/index.ts'

/** The version of the protocol this server and client speak, which `hello` tells. */
export const PROTOCOL_VERSION = 1

/** The port a lock server listens on unless told otherwise. */
export const DEFAULT_PORT = 7411

/** The shortest TTL the wire takes: 1 s. */
export const MIN_TTL_MS = 1000
/** The longest TTL the wire takes: 1 h. */
export const MAX_TTL_MS = 3_600_000
/** The longest wait the wire takes: 1 h. */
export const MAX_WAIT_MS = 3_600_000
/** The longest lock or semaphore name, in bytes of UTF-8. */
export const MAX_NAME_LENGTH = 200
/** The longest key, in bytes of UTF-8. */
export const MAX_KEY_LENGTH = 1000
/** The longest request id, lease id, client id or token, in bytes of UTF-8. */
export const MAX_ID_LENGTH = 200
/** The shortest token a server takes, in bytes of UTF-8: shorter ones are guessed too soon. */
export const MIN_TOKEN_BYTES = 16
/** The largest semaphore limit. */
export const MAX_LIMIT = 1_000_000

/** Why the server refused a request: the engine's codes mean what they mean there, the rest are the wire's own. */
export type WireErrorCode =
	| 'malformed'
	| 'too_large'
	| 'unknown_method'
	| 'unauthorized'
	| 'busy'
	| 'unavailable'
	| 'invalid'
	| 'held'
	| 'cancelled'
	| 'lost'
	| 'released'
	| 'closed'

/** The client's correlation id, echoed in the answer, or `null` when the request had none readable. */
export type RequestId = string | number | null

/** A lease on the wire, its times in the server clock's ms and its fence a decimal string. */
export interface WireLease {
	id: string
	kind: 'lock' | 'semaphore'
	name: string
	key: string
	fence: string | null
	grantedAt: number
	expiresAt: number
}

export interface HelloRequest {
	id: RequestId
	method: 'hello'
	version?: number
	token?: string
	/** The client's own id, the same on each of its connections, to which its holds are charged. */
	client?: string
}

/** What a hold asks for: a key of a lock, or of a semaphore of a limit. Two asks of one request id ask the same. */
export interface HoldTarget {
	kind: 'lock' | 'semaphore'
	name: string
	key: string
	limit?: number
}

/** What the server keeps of a hold while it waits or holds: what it asks for, for how long, and the client's request id that names it. */
export interface HoldTerms extends HoldTarget {
	ttl: number
	requestId: string
}

export interface HoldRequest extends HoldTerms {
	id: RequestId
	method: 'hold'
	wait: number
}

export interface RenewRequest {
	id: RequestId
	method: 'renew'
	leaseId: string
	ttl: number
	fence?: bigint
}

export interface ReleaseRequest {
	id: RequestId
	method: 'release'
	leaseId: string
	fence?: bigint
}

export interface CancelRequest {
	id: RequestId
	method: 'cancel'
	requestId: string
}

/** An operator's request for the keys held or waited for, with their holders and waiters; each filter narrows the list. */
export interface LeasesRequest {
	id: RequestId
	method: 'leases'
	kind?: 'lock' | 'semaphore'
	name?: string
	key?: string
}

/** An operator's request to end a lease: its holder is told it is lost, then its key moves on. */
export interface EndRequest {
	id: RequestId
	method: 'end'
	leaseId: string
}

/** A request as the server reads it, its fields checked and its times in ms. */
export type Request = HelloRequest | HoldRequest | RenewRequest | ReleaseRequest | CancelRequest | LeasesRequest | EndRequest

/** The methods the server knows; `leases` and `end` are an operator's. */
export const METHODS = ['hello', 'hold', 'renew', 'release', 'cancel', 'leases', 'end'] as const

export interface WireError {
	code: WireErrorCode
	message: string
	/** With `busy` when the server knows it: how many ms to wait before trying again. */
	retryAfter?: number
}

/** An answer to one request, by its correlation id. */
export type Response =
	| { id: RequestId; ok: true; lease?: WireLease; now?: number; waited?: number; protocol?: number; epoch?: string; keys?: ListedKey[]; truncated?: boolean }
	| { id: RequestId; ok: false; error: WireError }

/** Why a lease was lost: it ran out, the server is closing, or an operator ended it. */
export type LostReason = 'expired' | 'closed' | 'ended'

/** A message the server sends unasked: a lease was lost. */
export interface LostEvent {
	event: 'lost'
	leaseId: string
	reason: LostReason
}

/** A lease as an operator sees it. */
export interface ListedHolder {
	leaseId: string
	/** `client ID` (its hello's client id) or `connection N`. */
	client: string
	fence: string | null
	grantedAt: number
	expiresAt: number
}

/** A hold waiting for its key, as an operator sees it. */
export interface ListedWaiter {
	requestId: string
	client: string
	/** When it asked, in the server clock's ms. */
	since: number
}

/** A key held or waited for, with its holders and its line, in order. */
export interface ListedKey {
	kind: 'lock' | 'semaphore'
	name: string
	key: string
	limit: number | null
	holders: ListedHolder[]
	waiters: ListedWaiter[]
}

/** A frame read as a request, or the error that answers it. */
export type ParsedRequest = { ok: true; request: Request } | { ok: false; id: RequestId; error: WireError }

/** A refusal of a request: its code and a message that names the field. */
export class ProtocolError extends Error {
	readonly code: WireErrorCode

	constructor(code: WireErrorCode, message: string) {
		super(message)
		this.name = 'ProtocolError'
		this.code = code
	}
}

/** Reads one frame's text as a request, checking every field. */
export function parseRequest(frame: string): ParsedRequest {
	let value: unknown
	try {
		value = JSON.parse(frame)
	} catch (error) {
		return refuse(null, 'malformed', `frame is not JSON: ${(error as Error).message}`)
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		return refuse(null, 'malformed', `frame is ${describe(value)}, expected a JSON object`)
	}
	const message = value as Record<string, unknown>
	const idValue = message.id
	if (!isCorrelationId(idValue)) {
		return refuse(null, 'invalid', `id ${describe(idValue)}: expected a string of 1 to ${MAX_ID_LENGTH} characters or a whole number`)
	}
	const id = idValue
	// Only a \u escape can make a lone surrogate: text decoded from UTF-8 has none.
	const escapes = frame.includes('\\u')
	try {
		return { ok: true, request: readRequest(id, message, escapes) }
	} catch (error) {
		if (error instanceof ProtocolError) return refuse(id, error.code, error.message)
		if (error instanceof LockError) return refuse(id, 'invalid', error.message)
		throw error
	}
}

function readRequest(id: string | number, message: Record<string, unknown>, escapes: boolean): Request {
	const method = message.method
	if (typeof method !== 'string') throw new ProtocolError('invalid', `method ${describe(method)}: expected one of ${METHODS.join(', ')}`)
	switch (method) {
		case 'hello': {
			const hello: HelloRequest = { id, method }
			if (message.version !== undefined) hello.version = wholeNumber('version', message.version, 1, 1_000_000)
			if (message.token !== undefined) hello.token = text('token', message.token, MAX_ID_LENGTH, 0)
			if (message.client !== undefined) hello.client = text('client', message.client, MAX_ID_LENGTH)
			return hello
		}
		case 'hold':
			return readHold(id, message, escapes)
		case 'renew': {
			const leaseId = message.leaseId
			if (!isText(leaseId, MAX_ID_LENGTH, 1, escapes)) throw textError('leaseId', leaseId, MAX_ID_LENGTH, 1)
			const ttl = quickTime(message.ttl, DEFAULT_TTL_MS, MIN_TTL_MS, MAX_TTL_MS) ?? ttlOf(`lease ${JSON.stringify(leaseId)}`, message.ttl ?? DEFAULT_TTL_MS)
			const renew: RenewRequest = { id, method, leaseId, ttl }
			if (message.fence !== undefined) renew.fence = fenceOf(message.fence)
			return renew
		}
		case 'release': {
			const leaseId = message.leaseId
			if (!isText(leaseId, MAX_ID_LENGTH, 1, escapes)) throw textError('leaseId', leaseId, MAX_ID_LENGTH, 1)
			const release: ReleaseRequest = { id, method, leaseId }
			if (message.fence !== undefined) release.fence = fenceOf(message.fence)
			return release
		}
		case 'cancel':
			return { id, method, requestId: text('requestId', message.requestId, MAX_ID_LENGTH) }
		case 'leases': {
			const leases: LeasesRequest = { id, method }
			if (message.kind !== undefined) {
				if (message.kind !== 'lock' && message.kind !== 'semaphore') throw new ProtocolError('invalid', `kind ${describe(message.kind)}: expected "lock" or "semaphore"`)
				leases.kind = message.kind
			}
			if (message.name !== undefined) leases.name = text('name', message.name, MAX_NAME_LENGTH)
			if (message.key !== undefined) leases.key = text('key', message.key, MAX_KEY_LENGTH)
			return leases
		}
		case 'end':
			return { id, method, leaseId: text('leaseId', message.leaseId, MAX_ID_LENGTH) }
		default:
			throw new ProtocolError('unknown_method', `method ${describe(method)}: unknown; expected one of ${METHODS.join(', ')}`)
	}
}

// Every field checked as before, but the place (`lock summaries: key "42"`) that names a hold in its errors is written only for an error.
function readHold(id: string | number, message: Record<string, unknown>, escapes: boolean): HoldRequest {
	const kind = message.kind
	if (kind !== 'lock' && kind !== 'semaphore') throw new ProtocolError('invalid', `kind ${describe(kind)}: expected "lock" or "semaphore"`)
	const name = message.name
	if (!isText(name, MAX_NAME_LENGTH, 1, escapes)) throw textError('name', name, MAX_NAME_LENGTH, 1)
	const key = message.key
	if (!isText(key, MAX_KEY_LENGTH, 1, escapes)) throw textError(`${kind} ${name}: key`, key, MAX_KEY_LENGTH, 1)
	let limit: number | undefined
	if (kind === 'semaphore') limit = wholeNumber(`${placeOf(kind, name, key)}: limit`, message.limit, 1, MAX_LIMIT)
	else if (message.limit !== undefined) throw new ProtocolError('invalid', `${placeOf(kind, name, key)}: limit: a lock takes none (a semaphore does)`)
	const ttl = quickTime(message.ttl, DEFAULT_TTL_MS, MIN_TTL_MS, MAX_TTL_MS) ?? ttlOf(placeOf(kind, name, key), message.ttl ?? DEFAULT_TTL_MS)
	const wait = quickTime(message.wait, DEFAULT_WAIT_MS, 0, MAX_WAIT_MS) ?? waitOf(placeOf(kind, name, key), message.wait ?? DEFAULT_WAIT_MS)
	const requestId = message.requestId
	if (!isText(requestId, MAX_ID_LENGTH, 1, escapes)) throw textError(`${placeOf(kind, name, key)}: requestId`, requestId, MAX_ID_LENGTH, 1)
	const hold: HoldRequest = { id, method: 'hold', kind, name, key, ttl, wait, requestId }
	if (limit !== undefined) hold.limit = limit
	return hold
}

// A time given as milliseconds in range, or missing (the default), without the duration parser; undefined sends anything else there.
function quickTime(value: unknown, missing: number, min: number, max: number): number | undefined {
	if (value === undefined) return missing
	return typeof value === 'number' && value >= min && value <= max ? value : undefined
}

/** Where a hold is, as errors name it (`lock invoices: key "42"`). */
export function placeOf(kind: 'lock' | 'semaphore', name: string, key: string): string {
	return keyPlace(`${kind} ${name}`, key)
}

/** Where the key a hold asks for is, as errors name it. */
export function placeOfHold(target: HoldTarget): string {
	return placeOf(target.kind, target.name, target.key)
}

/** A TTL from the wire in ms: a number of ms or duration text, from 1 s to 1 h. */
export function ttlOf(place: string, value: unknown): number {
	const ms = durationOf(`${place}: ttl`, value)
	if (ms < MIN_TTL_MS || ms > MAX_TTL_MS) {
		throw new ProtocolError('invalid', `${place}: ttl ${describe(value)}: out of range; the wire takes 1 s to 1 h`)
	}
	return ms
}

/** A wait from the wire in ms: a number of ms or duration text, from 0 to 1 h. */
export function waitOf(place: string, value: unknown): number {
	const ms = durationOf(`${place}: wait`, value)
	if (ms > MAX_WAIT_MS) throw new ProtocolError('invalid', `${place}: wait ${describe(value)}: out of range; the wire takes 0 to 1 h`)
	return ms
}

function durationOf(what: string, value: unknown): number {
	if (typeof value !== 'number' && typeof value !== 'string') {
		throw new ProtocolError('invalid', `${what} ${describe(value)}: expected milliseconds or text such as '30s'`)
	}
	return parseDuration(value, what)
}

function fenceOf(value: unknown): bigint {
	if (typeof value !== 'string') throw new ProtocolError('invalid', `fence ${describe(value)}: expected a decimal string`)
	return parseFence(value)
}

function text(what: string, value: unknown, maxLength: number, minLength = 1): string {
	if (!isText(value, maxLength, minLength, true)) throw textError(what, value, maxLength, minLength)
	return value
}

// `escapes` false when the frame has no \u escape: then no string of it can have a lone surrogate.
function isText(value: unknown, maxLength: number, minLength: number, escapes: boolean): value is string {
	// A string of n UTF-16 units has at most 3n bytes of UTF-8: only long ones are measured.
	if (typeof value !== 'string' || value.length < minLength || (value.length * 3 > maxLength && Buffer.byteLength(value) > maxLength)) return false
	// A lone surrogate has no UTF-8: it would be written as U+FFFD, merging different keys.
	return !escapes || !loneSurrogate.test(value)
}

function textError(what: string, value: unknown, maxLength: number, minLength: number): ProtocolError {
	if (typeof value === 'string' && isText(value, maxLength, minLength, false)) return new ProtocolError('invalid', `${what} ${describe(value)}: expected well-formed Unicode text`)
	return new ProtocolError('invalid', `${what} ${describe(value)}: expected a string of ${minLength} to ${maxLength} bytes of UTF-8`)
}

const loneSurrogate = /\p{Cs}/u

function wholeNumber(what: string, value: unknown, min: number, max: number): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
		throw new ProtocolError('invalid', `${what} ${describe(value)}: expected a whole number from ${min} to ${max}`)
	}
	return value
}

function isCorrelationId(value: unknown): value is string | number {
	if (typeof value === 'string') return value.length > 0 && value.length <= MAX_ID_LENGTH
	return typeof value === 'number' && Number.isSafeInteger(value)
}

function refuse(id: RequestId, code: WireErrorCode, message: string): ParsedRequest {
	return { ok: false, id, error: { code, message } }
}

/** A value as an error message shows it: strings quoted and cut short, other values by kind. */
export function describe(value: unknown): string {
	if (value === undefined) return 'missing'
	if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
	if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
	if (Array.isArray(value)) return 'an array'
	return `a${typeof value === 'object' ? 'n' : ''} ${typeof value}`
}
