/**
 * Lying versions of the Fences page's blocks beside its seed scene, written as an author could get
 * them wrong, each with the words the doctest must fail with at the block's line. A lie is the page's
 * block with one change (its first line kept, so the page's setup runs it); `told: true` marks a
 * change that tells the scene's story all the same, which the doctest must let pass.
 */

/** One lying version of a block. */
export interface Lie {
	/** The block's language on the page: its first block of that language is the one beside the seed scene. */
	lang: 'ts' | 'python' | 'go' | 'rust'
	/** What the author got wrong, as the test's name. */
	name: string
	/** The block's text `from` made `to` (each must be in the block). */
	change: [from: string, to: string][]
	/** Words the failure must hold, after the block's place; or, with `told`, none (the run tells the scene's story). */
	expect: string[]
	told?: true
}

/** What a run that differs from the seed scene says first, after the block's place. */
const DIFFERS = 'plays the scene scene-worker-a-holds-the-chats-key at content/guides/locks/fences.mdx:21, and its run differs from the scene\'s frames:'
/** What chat.db says when a write would keep a fence as other text than its 40 digits. */
const REFUSED = "chat.db keeps a summary_fence as a fence's 40 zero-padded digits (or empty for none); it refuses other text, which compares wrong as text"
/** The seed scene's writes, as a difference quotes them. */
const SCENE_WRITES = "the scene's are B's taken, then A's refused"

export const LIES: readonly Lie[] = [
	// TypeScript: the scene's own language, on a lock server.
	{ lang: 'ts', name: 'the fence as unpadded text', change: [["lease.fence.toString().padStart(40, '0')", 'lease.fence.toString()']], expect: ['failed', REFUSED] },
	{ lang: 'ts', name: "the lease's id as the fence", change: [["lease.fence.toString().padStart(40, '0')", 'lease.id']], expect: ['failed', REFUSED] },
	{
		lang: 'ts',
		name: 'its expiry, padded, as the fence',
		change: [["lease.fence.toString().padStart(40, '0')", "String(lease.expiresAt).padStart(40, '0')"]],
		expect: [DIFFERS, "B's write carried no fence its lock gave", "the scene's carries B's fence", "A's write carried no fence its lock gave", "the scene's carries A's fence"],
	},
	{ lang: 'ts', name: 'no check in the SQL', change: [['\n\t\twhere id = ${chatId} and summary_fence < ${fence}`', '\n\t\twhere id = ${chatId}`']], expect: [DIFFERS, `its writes were B's taken, then A's taken; ${SCENE_WRITES}`] },
	{ lang: 'ts', name: 'another row', change: [['where id = ${chatId} and', 'where id = ${chatId + 1} and']], expect: [DIFFERS, `its writes were B's refused, then A's refused; ${SCENE_WRITES}`] },
	{ lang: 'ts', name: '<= for <, which this story cannot tell apart (one write per lease)', change: [['summary_fence < ${fence}', 'summary_fence <= ${fence}']], expect: [], told: true },

	// Python.
	{ lang: 'python', name: 'str(lease.fence): unpadded text', change: [['fence = f"{lease.fence:040d}"', 'fence = str(lease.fence)']], expect: ['failed', REFUSED] },
	{
		lang: 'python',
		name: 'its expiry in ms, padded, as the fence',
		change: [['fence = f"{lease.fence:040d}"', 'fence = f"{int(lease.expires_at * 1000):040d}"']],
		expect: [DIFFERS, "B's write carried no fence its lock gave", "the scene's carries B's fence"],
	},
	{
		lang: 'python',
		name: 'no check in the SQL',
		change: [['where id = ? and summary_fence < ?",\n        summary, fence, chat_id, fence,', 'where id = ?",\n        summary, fence, chat_id,']],
		expect: [DIFFERS, `its writes were B's taken, then A's taken; ${SCENE_WRITES}`],
	},
	{ lang: 'python', name: 'the comparison turned: >', change: [['summary_fence < ?', 'summary_fence > ?']], expect: [DIFFERS, `its writes were B's refused, then A's refused; ${SCENE_WRITES}`] },
	{ lang: 'python', name: 'another row', change: [['summary, fence, chat_id, fence,', 'summary, fence, chat_id + 1, fence,']], expect: [DIFFERS, `its writes were B's refused, then A's refused; ${SCENE_WRITES}`] },
	{
		lang: 'python',
		name: 'the write after the hold',
		change: [
			[
				'    await db.exec(\n        "update chats set summary = ?, summary_fence = ? where id = ? and summary_fence < ?",\n        summary, fence, chat_id, fence,\n    )',
				'await db.exec(\n    "update chats set summary = ?, summary_fence = ? where id = ? and summary_fence < ?",\n    summary, fence, chat_id, fence,\n)',
			],
		],
		expect: [DIFFERS, "B's write ran outside B's hold; a scene's code writes inside its hold"],
	},

	// Go.
	{ lang: 'go', name: 'fmt.Sprint(lease.Fence): unpadded text', change: [['fmt.Sprintf("%040s", lease.Fence)', 'fmt.Sprint(lease.Fence)']], expect: ['failed', REFUSED] },
	{ lang: 'go', name: 'lease.Fence.Hi, the epoch, as the fence', change: [['fmt.Sprintf("%040s", lease.Fence)', 'fmt.Sprint(lease.Fence.Hi)']], expect: ['failed', REFUSED] },
	{
		lang: 'go',
		name: 'lease.Fence.Lo, the count without its epoch, padded',
		change: [['fmt.Sprintf("%040s", lease.Fence)', 'fmt.Sprintf("%040d", lease.Fence.Lo)']],
		expect: [DIFFERS, "B's write carried no fence its lock gave", "the scene's carries B's fence"],
	},
	{
		lang: 'go',
		name: 'no check in the SQL',
		change: [['where id = ? and summary_fence < ?`,\n\t\tsummary, fence, chatID, fence)', 'where id = ?`,\n\t\tsummary, fence, chatID)']],
		expect: [DIFFERS, `its writes were B's taken, then A's taken; ${SCENE_WRITES}`],
	},
	{ lang: 'go', name: 'another row', change: [['summary, fence, chatID, fence)', 'summary, fence, chatID+"0", fence)']], expect: [DIFFERS, `its writes were B's refused, then A's refused; ${SCENE_WRITES}`] },

	// Rust.
	{ lang: 'rust', name: 'to_string(): unpadded text', change: [['format!("{:040}", lease.fence().get())', 'lease.fence().get().to_string()']], expect: ['failed', REFUSED] },
	{
		lang: 'rust',
		name: 'the fence cut to 64 bits (its count), padded',
		change: [['format!("{:040}", lease.fence().get())', 'format!("{:040}", lease.fence().get() as u64)']],
		expect: [DIFFERS, "B's write carried no fence its lock gave", "the scene's carries B's fence"],
	},
	{
		lang: 'rust',
		name: 'no check in the SQL',
		change: [
			['where id = ? and summary_fence < ?"', 'where id = ?"'],
			['chat_id,\n        &fence\n', 'chat_id\n'],
		],
		expect: [DIFFERS, `its writes were B's taken, then A's taken; ${SCENE_WRITES}`],
	},
	{ lang: 'rust', name: 'another row', change: [['chat_id,\n        &fence\n', 'chat_id + 1,\n        &fence\n']], expect: [DIFFERS, `its writes were B's refused, then A's refused; ${SCENE_WRITES}`] },
	{ lang: 'rust', name: 'the comparison turned: >', change: [['summary_fence < ?', 'summary_fence > ?']], expect: [DIFFERS, `its writes were B's refused, then A's refused; ${SCENE_WRITES}`] },
]
