import { isIPv4, isIPv6 } from 'node:net'

/**
 * The host a connection comes from, as the server's per-address limits count it: an IPv4 address
 * alone, every loopback address (127.0.0.0/8 and ::1) as one, and an IPv6 address by its /64 network,
 * which one host is given whole. A client that moves to another address of its host stays itself.
 */
export interface AddressGroup {
	/** What the limits count by: `192.0.2.7`, `loopback`, `2001:db8:1:2::/64`. */
	key: string
	/** How a message names where something came from: `192.0.2.7`, `loopback (127.0.0.0/8 and ::1)`, `2001:db8:1:2::/64`. */
	name: string
	/** How a refusal names it as the one that asked: `this address (192.0.2.7)`, `its network (2001:db8:1:2::/64)`. */
	label: string
}

const loopback: AddressGroup = { key: 'loopback', name: 'loopback (127.0.0.0/8 and ::1)', label: 'loopback (127.0.0.0/8 and ::1)' }

/** The group of a remote address as a socket gives it (an IPv4-mapped IPv6 address is its IPv4 one). */
export function addressGroup(address: string): AddressGroup {
	const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address
	if (isIPv4(plain)) return plain.startsWith('127.') ? loopback : { key: plain, name: plain, label: `this address (${plain})` }
	const zoneless = plain.split('%')[0] as string
	if (!isIPv6(zoneless)) return { key: address, name: address, label: `this address (${address})` }
	const groups = ipv6Groups(zoneless)
	if (groups.every((group, i) => group === (i === 7 ? 1 : 0))) return loopback
	const network = `${compressed(groups.slice(0, 4))}/64`
	return { key: network, name: network, label: `its network (${network})` }
}

// The eight 16-bit groups of an IPv6 address (without a zone); an embedded IPv4 tail is the last two.
function ipv6Groups(address: string): number[] {
	const [head = '', tail] = address.split('::')
	const part = (text: string | undefined): number[] =>
		text === undefined || text === ''
			? []
			: text.split(':').flatMap(piece => (isIPv4(piece) ? piece.split('.').map(Number).reduce<number[]>((out, byte, i) => (i % 2 === 0 ? [...out, byte << 8] : [...out.slice(0, -1), (out.at(-1) as number) | byte]), []) : [parseInt(piece, 16)]))
	const front = part(head)
	const back = part(tail)
	return tail === undefined ? front : [...front, ...Array.from({ length: 8 - front.length - back.length }, () => 0), ...back]
}

// The first four groups as the text of a /64 network: `2001:db8:1:2::`, or `fe80::` when they end in zeros.
function compressed(groups: number[]): string {
	let end = groups.length
	while (end > 0 && groups[end - 1] === 0) end--
	return `${groups.slice(0, end).map(group => group.toString(16)).join(':')}::`
}
