/** What a failed system call means, in words a person can act on, with its code: `no space left on its disk (ENOSPC)`. */
export function inWords(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | undefined)?.code
	const words = code === undefined ? undefined : meanings[code]
	if (words !== undefined) return words
	const message = error instanceof Error ? error.message : String(error)
	return code === undefined || message.includes(code) ? message : `${message} (${code})`
}

// The codes a file of the server's meets on a machine in trouble, each as what it means.
const meanings: Record<string, string> = {
	ENOSPC: 'no space left on its disk (ENOSPC)',
	EDQUOT: "its user's disk quota is used up (EDQUOT)",
	EFBIG: 'the file reached the largest size this process may write (EFBIG, ulimit -f)',
	EIO: 'the disk failed to read or write it (EIO)',
	EROFS: 'its file system is read-only (EROFS)',
	EACCES: "this server's user may not open it (EACCES)",
	EPERM: "this server's user may not change it (EPERM)",
	ENOENT: 'its folder does not exist (ENOENT)',
	ENOTDIR: 'a part of its path is a file, not a folder (ENOTDIR)',
	EISDIR: 'it is a folder, not a file (EISDIR)',
	// O_NOFOLLOW on a symbolic link.
	ELOOP: 'a symbolic link; give the file itself',
}
