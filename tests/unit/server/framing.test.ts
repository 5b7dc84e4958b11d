import { describe, expect, it } from 'vitest'
import { encodeFrame, FrameBatch, FrameReader, LATER_WRITES_AFTER_CHARS, WRITE_AFTER_CHARS } from '../../../server/framing.ts'

const bytes = (text: string) => Buffer.from(text, 'utf8')

describe('FrameReader', () => {
	it('reads several frames from one chunk and one frame from several chunks', () => {
		const reader = new FrameReader(100)
		expect(reader.push(bytes('{"a":1}\n{"b":2}\n{"c"'))).toEqual([{ frame: '{"a":1}' }, { frame: '{"b":2}' }])
		expect(reader.push(bytes(':3'))).toEqual([])
		expect(reader.push(bytes('}\n'))).toEqual([{ frame: '{"c":3}' }])
	})

	it('keeps its own copy of the start of a frame, so the caller may read the next bytes into the same memory', () => {
		const reader = new FrameReader(100)
		const memory = Buffer.alloc(16)
		const first = memory.write('{"a":"xy')
		expect(reader.push(memory.subarray(0, first))).toEqual([])
		memory.fill(0x7a)
		const second = memory.write('z"}\n')
		expect(reader.push(memory.subarray(0, second))).toEqual([{ frame: '{"a":"xyz"}' }])
	})

	it('takes \\r\\n line ends and skips empty lines', () => {
		const reader = new FrameReader(100)
		expect(reader.push(bytes('\n\r\n{"a":1}\r\n\n'))).toEqual([{ frame: '{"a":1}' }])
	})

	it('keeps a character whose UTF-8 bytes arrive in two chunks', () => {
		const reader = new FrameReader(100)
		const whole = bytes('{"key":"ключ"}\n')
		expect(reader.push(whole.subarray(0, 10))).toEqual([])
		expect(reader.push(whole.subarray(10))).toEqual([{ frame: '{"key":"ключ"}' }])
	})

	it('takes a frame of exactly the limit, with or without \\r', () => {
		const frame = 'x'.repeat(16)
		expect(new FrameReader(16).push(bytes(`${frame}\n`))).toEqual([{ frame }])
		const split = new FrameReader(16)
		expect(split.push(bytes(`${frame}\r`))).toEqual([])
		expect(split.push(bytes('\n'))).toEqual([{ frame }])
	})

	it('refuses a frame one byte over the limit, and then reads nothing more', () => {
		const reader = new FrameReader(16)
		expect(reader.push(bytes(`${'x'.repeat(17)}\n{"a":1}\n`))).toEqual([{ tooLarge: 17 }])
		expect(reader.failed).toBe(true)
		expect(reader.push(bytes('{"a":1}\n'))).toEqual([])
	})

	it('refuses a frame that never ends as soon as it passes the limit, keeping no more than the limit', () => {
		const reader = new FrameReader(16)
		expect(reader.push(bytes('x'.repeat(10)))).toEqual([])
		expect(reader.push(bytes('x'.repeat(10)))).toEqual([{ tooLarge: 20 }])
	})

	it('gives back the frames before the one too large', () => {
		const reader = new FrameReader(8)
		expect(reader.push(bytes(`{"a":1}\n${'y'.repeat(30)}`))).toEqual([{ frame: '{"a":1}' }, { tooLarge: 30 }])
	})
})

describe('encodeFrame', () => {
	it('writes one line of JSON', () => {
		expect(encodeFrame({ id: 1, ok: true })).toBe('{"id":1,"ok":true}\n')
	})
})

describe('FrameBatch', () => {
	const nextTurn = () => new Promise(resolve => setImmediate(resolve))

	it('writes the frames of one turn in one write at its end, in order', async () => {
		const writes: string[] = []
		const batch = new FrameBatch(text => writes.push(text))
		batch.add('a\n')
		batch.add('b\n')
		expect(writes).toEqual([])
		await nextTurn()
		expect(writes).toEqual(['a\nb\n'])
		batch.add('c\n')
		await nextTurn()
		expect(writes).toEqual(['a\nb\n', 'c\n'])
	})

	it('writes a turn\'s first frames as soon as WRITE_AFTER_CHARS wait, its later ones in writes of LATER_WRITES_AFTER_CHARS, and the rest at the end of the turn', async () => {
		const writes: string[] = []
		const batch = new FrameBatch(text => writes.push(text))
		const frame = `${'x'.repeat(99)}\n`
		const count = Math.ceil((WRITE_AFTER_CHARS + LATER_WRITES_AFTER_CHARS * 2.5) / frame.length)
		for (let i = 0; i < count; i++) batch.add(frame)
		expect(writes.length).toBe(3)
		expect(writes[0]?.length).toBeGreaterThanOrEqual(WRITE_AFTER_CHARS)
		expect(writes[0]?.length).toBeLessThan(WRITE_AFTER_CHARS + frame.length)
		for (const text of writes.slice(1)) expect(text.length).toBeGreaterThanOrEqual(LATER_WRITES_AFTER_CHARS)
		await nextTurn()
		expect(writes.length).toBe(4)
		expect(writes.join('')).toBe(frame.repeat(count))
		// A new turn's first write goes out early again.
		for (let i = 0; i < Math.ceil(WRITE_AFTER_CHARS / frame.length); i++) batch.add(frame)
		expect(writes.length).toBe(5)
	})

	it('writes nothing for a turn with no frames, and flush writes what waits at once', async () => {
		const writes: string[] = []
		const batch = new FrameBatch(text => writes.push(text))
		batch.flush()
		expect(writes).toEqual([])
		batch.add('a\n')
		batch.flush()
		expect(writes).toEqual(['a\n'])
		await nextTurn()
		expect(writes).toEqual(['a\n'])
	})
})
