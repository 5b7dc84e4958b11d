import { describe, expect, it } from 'vitest'
import { formatError, parseScene } from '../../../scene-parser/index.ts'
import { HEADER, errorsOf, lines } from './helpers.ts'

// HEADER is lines 1 to 10: a code sample of three lines (2 to 4), actors a, b, lock and db, one link.
function after(...text: string[]): string[] {
	return errorsOf(lines(HEADER, ...text))
}

describe('unknown statements', () => {
	it('suggests the verb that was meant', () => {
		expect(after('step "s"', '  sned lock -> a "x"')).toEqual(['12:3: unknown statement "sned"; did you mean "send"?'])
		expect(after('actr c "C" at 1,1 icon=cpu')).toEqual(['11:1: unknown statement "actr"; did you mean "actor"?'])
		expect(after('Step "s"')).toEqual(['11:1: unknown statement "Step"; did you mean "step"?'])
		expect(after('step "s"', '  rlease a')).toEqual(['12:3: unknown statement "rlease"; did you mean "release"?'])
		expect(after('step "s"', '  edn a')).toEqual(['12:3: unknown statement "edn"; did you mean "end"?'])
		expect(after('step "s"', '  end')).toEqual(["12:6: expected an actor's id, like end a"])
	})

	it('lists the statements that fit where no verb is close', () => {
		expect(after('frobnicate a')).toEqual(['11:1: unknown statement "frobnicate"; a statement is one of code, id, domain, actor, link, set, strike, ttl, key or step'])
		expect(after('step "s"', '  frobnicate a')).toEqual([
			"12:3: unknown statement \"frobnicate\"; a step's statements are set, strike, send, wait, release, end, restart, backup or restore",
		])
		expect(after('step "s"', 'frobnicate a')).toEqual(['12:1: unknown statement "frobnicate"; after the first step, a line is a `step` or is indented under one'])
	})

	it('wants a statement to start with a word', () => {
		expect(after('"hello"')).toEqual(['11:1: expected a statement, like actor, link, set or step'])
		expect(after('step "s"', '  -> a')).toEqual(['12:3: expected a statement, like send, set or strike'])
		expect(after(', x')).toEqual(['11:1: expected a statement, like actor, link, set or step'])
	})
})

describe('unknown actors', () => {
	it('suggests the actor that was meant, at the id\'s column, in every statement that names one', () => {
		const lok = 'unknown actor "lok"; did you mean "lock"?'
		expect(after('link a lok')).toEqual([`11:8: ${lok}`])
		expect(after('set lok "x"')).toEqual([`11:5: ${lok}`])
		expect(after('strike lok "x"')).toEqual([`11:8: ${lok}`])
		expect(
			after('step "s"', '  send lok -> a "x"', '  send a -> lok "x"', '  set lok "x"', '  strike lok "x"', '  release lok', '  restart lok', '  backup lok', '  restore lok', '  end lok'),
		).toEqual([`12:8: ${lok}`, `13:13: ${lok}`, `14:7: ${lok}`, `15:10: ${lok}`, `16:11: ${lok}`, `17:11: ${lok}`, `18:10: ${lok}`, `19:11: ${lok}`, `20:7: ${lok}`])
	})

	it('lists the actors where no id is close', () => {
		expect(after('link a qqqq')).toEqual(['11:8: unknown actor "qqqq"; the actors are a, b, lock and db'])
		expect(errorsOf('set x "y"')).toEqual(['1:5: unknown actor "x"; no actor is declared'])
		const many = Array.from({ length: 12 }, (_, i) => `actor w${i}x "W" at 1,1 icon=cpu`)
		expect(errorsOf(lines(...many, 'link w0x zzzzzz'))).toEqual(['13:10: unknown actor "zzzzzz"; the actors are w0x, w1x, w2x, w3x, w4x, w5x, w6x, w7x and 4 more'])
	})

	it('wants an actor declared before it is used', () => {
		expect(after('link a c', 'actor c "C" at 1,1 icon=cpu')).toEqual(['11:8: actor "c" is used before it is declared at line 12; declare actors first'])
	})

	it('knows an actor whose own line had an error, so its uses are not errors too', () => {
		expect(after('actor c "C" at 1 icon=cpu', 'link a c')).toEqual(['11:17: expected coordinates X,Y in percent, like 10,25'])
	})
})

describe('actor', () => {
	it('says what coordinates it expected, where they are missing or malformed', () => {
		const expected = 'expected coordinates X,Y in percent, like 10,25'
		expect(after('actor c "C" at icon=cpu')).toEqual([`11:15: ${expected}`])
		expect(after('actor c "C" at 10 icon=cpu')).toEqual([`11:18: ${expected}`])
		expect(after('actor c "C" at 10, icon=cpu')).toEqual([`11:19: ${expected}`])
		expect(after('actor c "C" at 10;25 icon=cpu')).toEqual([`11:16: ${expected}`])
		expect(after('actor c "C" at ten,25 icon=cpu')).toEqual([`11:16: ${expected}`])
		expect(after('actor c "C" at 10 25 icon=cpu')).toEqual([`11:19: ${expected}`])
		expect(after('actor c "C" at 1.2.3,4 icon=cpu')).toEqual([`11:16: ${expected}`])
	})

	it('wants at before the coordinates', () => {
		expect(after('actor c "C" 10,25 icon=cpu')).toEqual(['11:13: expected "at" before the coordinates, like at 10,25'])
		expect(after('actor c "C" icon=cpu')).toEqual(['11:12: expected at X,Y after the label, like actor a "Worker A" at 10,25 icon=cpu'])
	})

	it('wants coordinates from 0 to 100', () => {
		expect(after('actor c "C" at 120,5 icon=cpu')).toEqual(["11:16: X must be from 0 to 100 (percent of the stage's width), not 120"])
		expect(after('actor c "C" at 5,-1 icon=cpu')).toEqual(["11:18: Y must be from 0 to 100 (percent of the stage's height), not -1"])
		expect(after('actor c "C" at 100.5,0 icon=cpu')).toEqual(["11:16: X must be from 0 to 100 (percent of the stage's width), not 100.5"])
	})

	it('wants an id and a label', () => {
		expect(after('actor')).toEqual(['11:6: expected the actor\'s id, like actor a "Worker A" at 10,25 icon=cpu'])
		expect(after('actor "C" at 1,1 icon=cpu')).toEqual(['11:7: expected the actor\'s id, like actor a "Worker A" at 10,25 icon=cpu'])
		expect(after('actor 9c "C" at 1,1 icon=cpu')).toEqual(['11:7: expected the actor\'s id, like actor a "Worker A" at 10,25 icon=cpu'])
		expect(after('actor c at 1,1 icon=cpu')).toEqual(['11:9: expected the actor\'s label in quotes, like actor a "Worker A" at 10,25 icon=cpu'])
	})

	it('refuses a duplicate id at the second, naming the first\'s line', () => {
		expect(after('actor a "A again" at 1,1 icon=cpu')).toEqual(['11:7: duplicate actor "a"; it is already declared at line 6'])
	})

	it('refuses an unknown icon, suggesting a close one', () => {
		expect(after('actor c "C" at 1,1 icon=cpus')).toEqual(['11:20: unknown icon "cpus"; did you mean "cpu"?'])
		expect(after('actor c "C" at 1,1 icon=databse')).toEqual(['11:20: unknown icon "databse"; did you mean "database"?'])
		expect(after('actor c "C" at 1,1 icon=banana')).toEqual(['11:20: unknown icon "banana"; an icon is one of cpu, lock, database, server, user or clock'])
		expect(after('actor c "C" at 1,1 icon=')).toEqual(['11:20: unknown icon ""; an icon is one of cpu, lock, database, server, user or clock'])
	})

	it('wants an icon, at the end of the line', () => {
		expect(after('actor c "C" at 1,1')).toEqual(['11:19: actor needs an icon, like icon=cpu; an icon is one of cpu, lock, database, server, user or clock'])
	})

	it('takes limit only on a lock, and only a whole number from 1', () => {
		expect(after('actor c "C" at 1,1 icon=cpu limit=2')).toEqual([
			'11:29: limit= makes a lock a semaphore, so it only goes on an actor with icon=lock, not icon=cpu',
		])
		expect(after('actor c "C" at 1,1 icon=lock first=0')).toEqual(['11:30: first must be the first fence, a whole number of at least 1, like first=7, not "0"'])
		expect(after('actor c "C" at 1,1 icon=cpu first=3')).toEqual(['11:29: first= sets a lock store\'s first fence, so it only goes on an actor with icon=lock, not icon=cpu'])
		expect(after('actor c "C" at 1,1 icon=lock limit=2 first=3')).toEqual(['11:38: first= sets the first fence, and a semaphore (limit=) gives no fences; drop one of them'])
		expect(after('actor c "C" at 1,1 icon=database fences=on')).toEqual(['11:34: fences= takes only off (a database checks fences unless it says fences=off), not "on"'])
		expect(after('actor c "C" at 1,1 icon=lock fences=off')).toEqual(['11:30: fences=off makes a database do the plain update, so it only goes on an actor with icon=database, not icon=lock'])
		expect(after('actor c "C" at 1,1 icon=lock limit=0')).toEqual(['11:30: limit must be a whole number of at least 1, like limit=3, not "0"'])
		expect(after('actor c "C" at 1,1 icon=lock limit=1.5')).toEqual(['11:30: limit must be a whole number of at least 1, like limit=3, not "1.5"'])
		expect(after('actor c "C" at 1,1 icon=lock limit=99999999999999999999')).toEqual([
			'11:30: limit must be a whole number of at least 1, like limit=3, not "99999999999999999999"',
		])
	})
})

describe('strings', () => {
	it('points an unterminated string at its opening quote, and says nothing more of its line', () => {
		const message = 'unterminated string; a string ends on its own line'
		expect(after('set a "paused')).toEqual([`11:7: ${message}`])
		expect(after('actor c "C at 1,1 icon=cpu')).toEqual([`11:9: ${message}`])
		expect(after('step "s', '  set a "x"')).toEqual([`11:6: ${message}`])
		expect(after('step "s"', '  send lock -> a "fence 7')).toEqual([`12:18: ${message}`])
		expect(after('"')).toEqual([`11:1: ${message}`])
	})

	it('still reads what the line declares', () => {
		expect(after('actor c "C at 1,1 icon=cpu', 'link a c')).toEqual(['11:9: unterminated string; a string ends on its own line'])
	})

	it('ends a string on its own line: a quote on the next line opens another', () => {
		expect(after('set a "one', 'two"')).toEqual([
			'11:7: unterminated string; a string ends on its own line',
			'12:4: unterminated string; a string ends on its own line',
		])
	})

	it('keeps the unknown actor of a line whose string is unterminated', () => {
		expect(after('set lok "x')).toEqual(['11:5: unknown actor "lok"; did you mean "lock"?', '11:9: unterminated string; a string ends on its own line'])
	})
})

describe('code', () => {
	it('refuses code without end, at the code line', () => {
		expect(errorsOf(lines('actor a "A" at 1,1 icon=cpu', '  code ts', '  x()', 'step "s" line=1'))).toEqual([
			'2:3: code block has no `end`; close the sample with a line that says end',
		])
	})

	it('wants a language, and nothing after it', () => {
		expect(errorsOf(lines('code', 'x', 'end'))).toEqual(["1:5: expected the sample's language, like code ts"])
		expect(errorsOf(lines('code "ts"', 'x', 'end'))).toEqual(["1:6: expected the sample's language, like code ts"])
		expect(errorsOf(lines('code ts extra', 'x', 'end'))).toEqual(['1:9: unexpected "extra" after code ts; the sample starts on the next line'])
		expect(errorsOf(lines('code ts title=x', 'x', 'end'))).toEqual(['1:9: unexpected "title=x" after code ts; the sample starts on the next line'])
	})

	it('takes one sample, before the first step', () => {
		expect(after('code js', 'y', 'end')).toEqual(['11:1: a scene has one code sample, and it is already given at line 1'])
		expect(after('step "s"', 'code js', 'y', 'end', 'step "t"')).toEqual(['12:1: code belongs before the first step, with the actors; move it up'])
		expect(after('step "s"', '  code js', '  y', '  end', '  set a "x"')).toEqual(['12:3: code belongs before the first step, with the actors; move it up'])
	})
})

describe('step', () => {
	it('wants its line within the code sample', () => {
		expect(after('step "s" line=4')).toEqual(['11:10: line=4 is outside the code sample, which has lines 1 to 3'])
		expect(after('step "s" line=0')).toEqual(['11:10: line=0 is outside the code sample, which has lines 1 to 3'])
		expect(after('step "s" line=2-9')).toEqual(['11:10: line=2-9 is outside the code sample, which has lines 1 to 3'])
		expect(after('step "s" line=3-1')).toEqual(['11:10: line=3-1 runs backwards; write line=1-3'])
		expect(after('step "s" line=x')).toEqual(['11:10: line must be a line of the code sample or a range of them, like line=2 or line=2-4, not "x"'])
		expect(after('step "s" line=1-')).toEqual(['11:10: line must be a line of the code sample or a range of them, like line=2 or line=2-4, not "1-"'])
		expect(errorsOf(lines('code ts', 'x', 'end', 'step "s" line=2'))).toEqual(['4:10: line=2 is outside the code sample, which has 1 line'])
		expect(errorsOf(lines('code ts', 'end', 'step "s" line=1'))).toEqual(['3:10: line=1 is outside the code sample, which is empty'])
	})

	it('wants a code sample for line=', () => {
		expect(errorsOf(lines('actor a "A" at 1,1 icon=cpu', 'step "s" line=1'))).toEqual([
			'2:10: line= points into the code sample, and this scene has none; add code LANG ... end before the first step',
		])
	})

	it('wants a caption', () => {
		expect(after('step')).toEqual(['11:5: expected the step\'s caption in quotes, like step "A holds the key" line=2'])
		expect(after('step line=1')).toEqual(['11:5: expected the step\'s caption in quotes, like step "A holds the key" line=2'])
		expect(after('step s')).toEqual(['11:6: expected the step\'s caption in quotes, like step "A holds the key" line=2'])
	})

	it('still reads the body of a step whose own line is wrong', () => {
		expect(after('step line=1', '  send lock -> a "x"', '  set lok "y"')).toEqual([
			'11:5: expected the step\'s caption in quotes, like step "A holds the key" line=2',
			'13:7: unknown actor "lok"; did you mean "lock"?',
		])
	})

	it('does not nest', () => {
		expect(after('step "s"', '  step "t"', '    set a "x"')).toEqual([
			"12:3: this step is indented under the step at line 11, and steps do not nest; write it at that step's indentation",
		])
	})
})

describe('statements in the wrong place', () => {
	it('wants statements after the first step indented under a step', () => {
		const message = 'statements after the first step belong to a step; indent it under a `step`'
		expect(after('step "s"', 'set a "x"')).toEqual([`12:1: ${message}`])
		expect(after('step "s"', '  set a "x"', 'send lock -> a "y"')).toEqual([`13:1: ${message}`])
		expect(after('step "s"', 'wait 1s')).toEqual([`12:1: ${message}`])
		expect(after('  step "s"', '  set a "x"')).toEqual([`12:3: ${message} (this line is not indented more than the step at line 11; are tabs and spaces mixed?)`])
	})

	it('wants step statements in a step', () => {
		expect(after('send lock -> a "x"')).toEqual(['11:1: send belongs in a step; write it indented under a `step` line'])
		expect(after('wait 5s')).toEqual(['11:1: wait belongs in a step; write it indented under a `step` line'])
		expect(after('release a')).toEqual(['11:1: release belongs in a step; write it indented under a `step` line'])
	})

	it('wants declarations before the first step', () => {
		expect(after('step "s"', 'actor c "C" at 1,1 icon=cpu')).toEqual(['12:1: actor belongs before the first step; move it up'])
		expect(after('step "s"', 'link a b')).toEqual(['12:1: link belongs before the first step; move it up'])
		expect(after('step "s"', '  ttl 10s')).toEqual(['12:3: ttl belongs before the first step, not in a step; move it up'])
		expect(after('step "s"', '  key "1"')).toEqual(['12:3: key belongs before the first step, not in a step; move it up'])
	})
})

describe('attributes', () => {
	it('refuses one that does not belong, naming the statement and who takes it', () => {
		expect(after('set a "x" color=ok')).toEqual(['11:11: set does not take color=; only send does'])
		expect(after('step "s"', '  set a "x" color=bad')).toEqual(['12:13: set does not take color=; only send does'])
		expect(after('step "s"', '  send lock -> a "x" icon=cpu')).toEqual(['12:22: send does not take icon=; only actor does'])
		expect(after('link a b line=1')).toEqual(['11:10: link does not take line=; only step does'])
		expect(after('step "s" color=ok')).toEqual(['11:10: step does not take color=; only send does'])
	})

	it('suggests a close attribute, or lists the ones the statement takes', () => {
		expect(after('step "s"', '  send lock -> a "x" colour=ok')).toEqual(['12:22: send does not take colour=; did you mean color=?'])
		expect(after('actor c "C" at 1,1 icon=cpu size=2')).toEqual(['11:29: actor does not take size=; it takes icon=, limit=, first= and fences='])
		expect(after('link a b weight=2')).toEqual(['11:10: link does not take weight=; link takes no attributes'])
		expect(after('ttl 5s x=1')).toEqual(['11:8: ttl does not take x=; ttl takes no attributes'])
	})

	it('lists the allowed values of color', () => {
		expect(after('step "s"', '  send lock -> a "x" color=green')).toEqual(['12:22: color must be ok or bad, not "green"'])
		expect(after('step "s"', '  send lock -> a "x" color=')).toEqual(['12:22: color must be ok or bad, not ""'])
	})

	it('refuses one given twice', () => {
		expect(after('step "s"', '  send lock -> a "x" color=ok color=bad')).toEqual(['12:31: color= is given twice on one send; keep one'])
	})
})

describe('durations', () => {
	it('wants a number and a unit', () => {
		expect(after('ttl 10')).toEqual(['11:5: duration "10" needs a unit: ms, s, m or h, like 10s'])
		expect(after('ttl 10d')).toEqual(['11:5: unknown unit "d" in "10d"; a duration\'s unit is ms, s, m or h'])
		expect(after('ttl')).toEqual(['11:4: expected a duration, like ttl 10s'])
		expect(after('ttl "10s"')).toEqual(['11:5: expected a duration, like ttl 10s'])
		expect(after('ttl 0s')).toEqual(['11:5: duration "0s" must be longer than 0'])
		expect(after('step "s"', '  wait')).toEqual(['12:7: expected a duration, like wait 40s'])
		expect(after('step "s"', '  wait soon')).toEqual(['12:8: "soon" is not a duration; write a number and a unit, like 10s or 1500ms'])
		expect(after('step "s"', '  wait 1.5')).toEqual(['12:8: duration "1.5" needs a unit: ms, s, m or h, like 1.5s'])
	})
})

describe('settings', () => {
	it('takes each once, naming the first\'s line', () => {
		expect(after('ttl 10s', 'ttl 20s')).toEqual(['12:1: ttl is already set at line 11; a scene has one ttl'])
		expect(after('key "1"', 'key "2"')).toEqual(['12:1: key is already set at line 11; a scene has one key'])
	})

	it('takes one domain, one lowercase word without quotes', () => {
		expect(after('domain jobs', 'domain chat')).toEqual(['12:1: domain is already set at line 11; a scene has one domain'])
		expect(after('domain')).toEqual(["11:7: expected the domain's name, like domain jobs"])
		expect(after('domain "jobs"')).toEqual(["11:8: write the domain's name without quotes, like domain jobs"])
		expect(after('domain Jobs')).toEqual(['11:8: a domain\'s name is one lowercase word, like domain jobs; not "Jobs"'])
	})

	it('wants the key in quotes', () => {
		expect(after('key 42')).toEqual(['11:5: expected the key in quotes, like key "42"'])
	})

	it('takes one id, a name of lowercase words joined by hyphens', () => {
		expect(after('id a', 'id b')).toEqual(['12:1: id is already set at line 11; a scene has one id'])
		expect(after('id')).toEqual(['11:3: expected the scene\'s id, like id fences-late-write'])
		expect(after('id "late-write"')).toEqual(['11:4: write the scene\'s id without quotes, like id fences-late-write'])
		expect(after('id Late_Write')).toEqual([
			'11:4: a scene\'s id is lowercase letters and digits in words joined by single hyphens, starting with a letter, like id fences-late-write; not "Late_Write"',
		])
		expect(after('id late--write')[0]).toContain('not "late--write"')
		expect(after('id 2-workers')[0]).toContain('not "2-workers"')
		expect(after('id late-write extra')).toEqual(['11:15: unexpected "extra" after a complete id statement'])
	})

	it('refuses an id a link to a step could mistake', () => {
		expect(after('id scene-2')).toEqual([
			'11:4: "scene-2" is the name a scene gets from its place in the page; choose a name of its own, like id fences-late-write',
		])
		expect(after('id late-step-3')).toEqual(['11:4: a scene\'s id cannot end in -step-N, which links to a step add; not "late-step-3"'])
	})

	it('wants the id before the first step', () => {
		expect(after('step "s"', 'id late')).toEqual(['12:1: id belongs before the first step; move it up'])
		expect(after('step "s"', '  id late')).toEqual(['12:3: id belongs before the first step, not in a step; move it up'])
	})
})

describe('links', () => {
	it('wants two actors, not one twice, and each pair once', () => {
		expect(after('link a')).toEqual(['11:7: expected two actor ids, like link a lock'])
		expect(after('link')).toEqual(['11:5: expected two actor ids, like link a lock'])
		expect(after('link a a')).toEqual(['11:8: an actor cannot be linked to itself ("a")'])
		expect(after('link lock a')).toEqual(['11:1: lock and a are already linked at line 10'])
	})
})

describe('missing parts', () => {
	it('says what each statement expected, and where', () => {
		expect(after('set a')).toEqual(['11:6: expected the text in quotes, like set db "fence 8"'])
		expect(after('set "x"')).toEqual(['11:5: expected an actor\'s id, like set db "fence 8"'])
		expect(after('strike a')).toEqual(['11:9: expected the text in quotes, like strike a "paused"'])
		const send = 'like send lock -> a "fence 7"'
		expect(after('step "s"', '  send')).toEqual([`12:7: expected the sender's id, ${send}`])
		expect(after('step "s"', '  send lock a "x"')).toEqual([`12:13: expected -> between the sender and the receiver, ${send}`])
		expect(after('step "s"', '  send lock → a "x"')).toEqual([`12:13: write the arrow as ->, ${send}`])
		expect(after('step "s"', '  send lock -> "x"')).toEqual([`12:16: expected the receiver's id after ->, ${send}`])
		expect(after('step "s"', '  send lock -> a')).toEqual([`12:17: expected the message's label in quotes, ${send}`])
		expect(after('step "s"', '  release')).toEqual(["12:10: expected an actor's id, like release a"])
		expect(after('step "s"', '  restart "lock"')).toEqual(["12:11: expected an actor's id, like restart lock"])
	})
})

describe('extra tokens', () => {
	it('points at the first token after a complete statement', () => {
		expect(after('link b lock db')).toEqual(['11:13: unexpected "db" after a complete link statement'])
		expect(after('set a "x" "y"')).toEqual(['11:11: unexpected string after a complete set statement'])
		expect(after('actor c "C" at 1,1 icon=cpu extra')).toEqual(['11:29: unexpected "extra" after a complete actor statement'])
		expect(after('actor c "C" at 1,1,2 icon=cpu')).toEqual(['11:19: unexpected "," after a complete actor statement'])
		expect(after('step "s" "t"')).toEqual(['11:10: unexpected string after a complete step statement'])
		expect(after('step "s"', '  send lock -> a "x" y')).toEqual(['12:22: unexpected "y" after a complete send statement'])
		expect(after('step "s"', '  wait 1s 2s')).toEqual(['12:11: unexpected "2s" after a complete wait statement'])
		expect(after('step "s"', '  release a b')).toEqual(['12:13: unexpected "b" after a complete release statement'])
		expect(after('ttl 1s 2s')).toEqual(['11:8: unexpected "2s" after a complete ttl statement'])
		expect(after('key "1" "2"')).toEqual(['11:9: unexpected string after a complete key statement'])
	})
})

describe('empty scenes', () => {
	it('refuses a scene with no statements', () => {
		const message = '1:1: this scene is empty; declare its actors, then its steps, like actor a "Worker A" at 10,25 icon=cpu'
		expect(errorsOf('')).toEqual([message])
		expect(errorsOf('\n  \n# only a comment\n')).toEqual([message])
		expect(errorsOf('', { line: 30, column: 2 })).toEqual(['30:3: this scene is empty; declare its actors, then its steps, like actor a "Worker A" at 10,25 icon=cpu'])
	})
})

describe('all errors at once', () => {
	it('collects every error, in file order', () => {
		expect(
			errorsOf(
				lines(
					'code ts',
					'  x',
					'end',
					'actor a "A" at 10,25 icon=cpu',
					'actor lock "Lock" at 50 icon=lok',
					'actor a "A2" at 10,25 icon=cpu limit=2',
					'sned a',
					'set lok "x" color=ok',
					'step "s" line=3',
					'  send a -> lok "x',
					'  send a lock "y"',
					'set a "z"',
				),
			),
		).toEqual([
			'5:24: expected coordinates X,Y in percent, like 10,25',
			'5:25: unknown icon "lok"; did you mean "lock"?',
			'6:7: duplicate actor "a"; it is already declared at line 4',
			'6:32: limit= makes a lock a semaphore, so it only goes on an actor with icon=lock, not icon=cpu',
			'7:1: unknown statement "sned"; did you mean "send"?',
			'8:5: unknown actor "lok"; did you mean "lock"?',
			'8:13: set does not take color=; only send does',
			'9:10: line=3 is outside the code sample, which has 1 line',
			'10:13: unknown actor "lok"; did you mean "lock"?',
			'10:17: unterminated string; a string ends on its own line',
			'11:10: expected -> between the sender and the receiver, like send lock -> a "fence 7"',
			'12:1: statements after the first step belong to a step; indent it under a `step`',
		])
	})
})

describe('errors as data', () => {
	it('carry the end of the offending token, and the file when the origin names it', () => {
		const result = parseScene(lines(HEADER, 'link a lok'), { file: 'content/guides/locks/fences.mdx', line: 31, column: 0 })
		expect(result.ok).toBe(false)
		expect(result.scene).toBeUndefined()
		expect(result.errors).toEqual([
			{
				message: 'unknown actor "lok"; did you mean "lock"?',
				position: { line: 41, column: 8 },
				end: { line: 41, column: 11 },
				file: 'content/guides/locks/fences.mdx',
			},
		])
	})

	it('print as FILE:LINE:COL: MESSAGE', () => {
		const result = parseScene(lines(HEADER, 'step "s"', '  send lok -> a "x"'), { file: 'content/guides/locks/fences.mdx', line: 30 })
		const [error] = result.errors
		expect(formatError(error!)).toBe('content/guides/locks/fences.mdx:41:8: unknown actor "lok"; did you mean "lock"?')
		expect(formatError(error!, 'other.md')).toBe('other.md:41:8: unknown actor "lok"; did you mean "lock"?')
		expect(formatError({ message: 'm', position: { line: 2, column: 3 } })).toBe('2:3: m')
		expect(formatError({ message: 'm', position: { line: 2, column: 3 } }, 'f.scene')).toBe('f.scene:2:3: m')
	})

	it('leave out end where something is missing rather than wrong', () => {
		const [error] = parseScene('actor a "A" at 1,1').errors
		expect(error).toEqual({ message: expect.stringContaining('actor needs an icon'), position: { line: 1, column: 19 } })
	})
})
