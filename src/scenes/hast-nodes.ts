/** HTML nodes as the build hands them to Markdown (hast): an element and a text, nothing more. */
import type { Element, ElementContent, Properties } from 'hast'

export function h(tagName: string, properties: Properties, children: ElementContent[] = []): Element {
	return { type: 'element', tagName, properties, children }
}

export function text(value: string): ElementContent {
	return { type: 'text', value }
}
