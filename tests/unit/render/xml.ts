/**
 * A strict little XML reader for the renderer's tests: it accepts only well-formed markup
 * (matched tags, quoted attributes, no duplicate attribute, known entities) and gives a tree.
 */

/** An element of the tree, with its attributes decoded and its direct text. */
export interface XmlElement {
	name: string
	attrs: Record<string, string>
	children: XmlElement[]
	/** The decoded text directly inside this element. */
	text: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** The decoded form of text or an attribute value; throws on a bare `&` or an unknown entity. */
function decode(raw: string): string {
	if (/[<>]/.test(raw)) throw new Error(`markup character in text: ${JSON.stringify(raw)}`)
	return raw.replace(/&([^;]*);?/g, (whole, body: string) => {
		if (!whole.endsWith(';')) throw new Error(`bare & in ${JSON.stringify(raw)}`)
		if (body in ENTITIES) return ENTITIES[body] ?? ''
		const numeric = /^#(\d+)$/.exec(body) ?? /^#x([0-9a-f]+)$/i.exec(body)
		if (!numeric) throw new Error(`unknown entity &${body};`)
		return String.fromCodePoint(Number.parseInt(numeric[1] ?? '', body[1] === 'x' ? 16 : 10))
	})
}

/** The document element of a well-formed XML string; throws on anything malformed. */
export function parseXml(source: string): XmlElement {
	const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' }
	const stack: XmlElement[] = [root]
	const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(\/?)>/y
	let i = 0
	while (i < source.length) {
		const lt = source.indexOf('<', i)
		const end = lt === -1 ? source.length : lt
		const top = stack[stack.length - 1]
		if (!top) throw new Error('empty stack')
		if (end > i) {
			const text = source.slice(i, end)
			if (top === root && text.trim() !== '') throw new Error('text outside the root element')
			top.text += decode(text)
		}
		if (lt === -1) break
		tag.lastIndex = lt
		const match = tag.exec(source)
		if (!match) throw new Error(`malformed tag at ${lt}: ${source.slice(lt, lt + 60)}`)
		const [whole, closing, name = '', rawAttrs = '', selfClosing] = match
		if (closing) {
			if (rawAttrs || selfClosing) throw new Error(`malformed closing tag </${name}>`)
			const open = stack.pop()
			if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name}>`)
		} else {
			const attrs: Record<string, string> = {}
			for (const a of rawAttrs.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) {
				const key = a[1] ?? ''
				if (key in attrs) throw new Error(`duplicate attribute ${key} on <${name}>`)
				attrs[key] = decode(a[2] ?? '')
			}
			const element: XmlElement = { name, attrs, children: [], text: '' }
			top.children.push(element)
			if (top === root && root.children.length > 1) throw new Error('more than one root element')
			if (!selfClosing) stack.push(element)
		}
		i = lt + whole.length
	}
	if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`)
	const document = root.children[0]
	if (!document) throw new Error('no root element')
	return document
}

/** Every element of a tree, depth first, the root included. */
export function allElements(element: XmlElement): XmlElement[] {
	return [element, ...element.children.flatMap(allElements)]
}

/** The elements whose class list has the given class. */
export function byClass(element: XmlElement, className: string): XmlElement[] {
	return allElements(element).filter(e => (e.attrs.class ?? '').split(/\s+/).includes(className))
}

/** All the text inside an element, its descendants' included. */
export function textOf(element: XmlElement): string {
	return element.text + element.children.map(textOf).join('')
}
