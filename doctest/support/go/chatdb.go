package main

// The doctest's chat.db for the Go samples, made in the program's folder before it runs (doctest/chat-db.ts: the
// seed's chats table, chat 42's row, and the refusal of a summary_fence that is not 40 digits): SQLite through cgo
// (the system's libsqlite3), with the standard library alone.

/*
#cgo LDFLAGS: -lsqlite3
#include <sqlite3.h>
#include <stdlib.h>
static int bind_text(sqlite3_stmt *s, int i, const char *v) { return sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT); }
*/
import "C"

import (
	"fmt"
	"sync"
	"unsafe"
)

// chatConn is one connection to chat.db, for one statement at a time.
type chatConn struct {
	mu sync.Mutex
	db *C.sqlite3
}

func openChatConn(path string) (*chatConn, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	c := &chatConn{}
	if C.sqlite3_open_v2(cpath, &c.db, C.SQLITE_OPEN_READWRITE, nil) != C.SQLITE_OK {
		return nil, fmt.Errorf("open %s: %s (the doctest makes it before the program runs)", path, C.GoString(C.sqlite3_errmsg(c.db)))
	}
	return c, nil
}

// exec runs one statement, binding strings as text and integers as integers (anything else as its text), and says
// how many rows it changed.
func (c *chatConn) exec(query string, args []any) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cquery := C.CString(query)
	defer C.free(unsafe.Pointer(cquery))
	var stmt *C.sqlite3_stmt
	if C.sqlite3_prepare_v2(c.db, cquery, -1, &stmt, nil) != C.SQLITE_OK {
		return 0, fmt.Errorf("%s: %s", query, C.GoString(C.sqlite3_errmsg(c.db)))
	}
	defer C.sqlite3_finalize(stmt)
	for i, arg := range args {
		if n, ok := integer(arg); ok {
			C.sqlite3_bind_int64(stmt, C.int(i+1), C.sqlite3_int64(n))
			continue
		}
		text := C.CString(fmt.Sprint(arg))
		C.bind_text(stmt, C.int(i+1), text)
		C.free(unsafe.Pointer(text))
	}
	if rc := C.sqlite3_step(stmt); rc != C.SQLITE_DONE && rc != C.SQLITE_ROW {
		return 0, fmt.Errorf("%s", C.GoString(C.sqlite3_errmsg(c.db)))
	}
	return int64(C.sqlite3_changes(c.db)), nil
}

// row is chat id's summary and summary_fence.
func (c *chatConn) row(id string) (summary, fence string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cquery := C.CString("select summary, summary_fence from chats where id = ?")
	defer C.free(unsafe.Pointer(cquery))
	var stmt *C.sqlite3_stmt
	C.sqlite3_prepare_v2(c.db, cquery, -1, &stmt, nil)
	defer C.sqlite3_finalize(stmt)
	cid := C.CString(id)
	C.bind_text(stmt, 1, cid)
	C.free(unsafe.Pointer(cid))
	if C.sqlite3_step(stmt) == C.SQLITE_ROW {
		summary = C.GoString((*C.char)(unsafe.Pointer(C.sqlite3_column_text(stmt, 0))))
		fence = C.GoString((*C.char)(unsafe.Pointer(C.sqlite3_column_text(stmt, 1))))
	}
	return summary, fence
}

// integer is a Go integer's value, when the argument is one that fits SQLite's.
func integer(arg any) (int64, bool) {
	switch n := arg.(type) {
	case int:
		return int64(n), true
	case int8:
		return int64(n), true
	case int16:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case uint8:
		return int64(n), true
	case uint16:
		return int64(n), true
	case uint32:
		return int64(n), true
	case uint:
		return int64(n), n <= 1<<63-1
	case uint64:
		return int64(n), n <= 1<<63-1
	}
	return 0, false
}
