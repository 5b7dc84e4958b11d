package main

// The seed's chat.db for the Go samples: SQLite through cgo (the system's libsqlite3), with the
// standard library alone. Exec takes a context as database/sql's ExecContext does, and ignores it:
// a holder whose context was cancelled by its lease's loss still writes, as a paused process
// would, so what refuses its late write is the fence.

/*
#cgo LDFLAGS: -lsqlite3
#include <sqlite3.h>
#include <stdlib.h>
static int bind_text(sqlite3_stmt *s, int i, const char *v) { return sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT); }
*/
import "C"

import (
	"context"
	"fmt"
	"sync"
	"unsafe"
)

// ChatDB is one connection to chat.db.
type ChatDB struct {
	mu     sync.Mutex
	db     *C.sqlite3
	writes *[]string
	worker string
}

// Result is what an Exec changed.
type Result struct{ rows int64 }

// RowsAffected is the number of rows the statement changed.
func (r Result) RowsAffected() (int64, error) { return r.rows, nil }

func openChatDB(path string) (*ChatDB, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	d := &ChatDB{writes: &[]string{}}
	if C.sqlite3_open(cpath, &d.db) != C.SQLITE_OK {
		return nil, fmt.Errorf("open %s: %s", path, C.GoString(C.sqlite3_errmsg(d.db)))
	}
	for _, statement := range []string{
		"create table if not exists chats (id integer primary key, summary text)",
		"insert or ignore into chats (id, summary) values (42, null)",
	} {
		if _, err := d.Exec(context.Background(), statement); err != nil {
			return nil, err
		}
	}
	if _, err := d.Exec(context.Background(), "alter table chats add column summary_fence text not null default ''"); err != nil {
		return nil, err
	}
	*d.writes = nil
	return d, nil
}

// As is the same database, its writes recorded under a worker's name.
func (d *ChatDB) As(worker string) *ChatDB {
	return &ChatDB{db: d.db, writes: d.writes, worker: worker}
}

// Exec runs one statement with its arguments (strings and integers) and says how many rows it changed.
func (d *ChatDB) Exec(_ context.Context, query string, args ...any) (Result, error) {
	cquery := C.CString(query)
	defer C.free(unsafe.Pointer(cquery))
	var stmt *C.sqlite3_stmt
	if C.sqlite3_prepare_v2(d.db, cquery, -1, &stmt, nil) != C.SQLITE_OK {
		return Result{}, fmt.Errorf("%s: %s", query, C.GoString(C.sqlite3_errmsg(d.db)))
	}
	defer C.sqlite3_finalize(stmt)
	for i, arg := range args {
		text := C.CString(fmt.Sprint(arg))
		C.bind_text(stmt, C.int(i+1), text)
		C.free(unsafe.Pointer(text))
	}
	if rc := C.sqlite3_step(stmt); rc != C.SQLITE_DONE && rc != C.SQLITE_ROW {
		return Result{}, fmt.Errorf("%s: %s", query, C.GoString(C.sqlite3_errmsg(d.db)))
	}
	rows := int64(C.sqlite3_changes(d.db))
	if d.worker != "" {
		*d.writes = append(*d.writes, fmt.Sprintf("%s changed %d", d.worker, rows))
	}
	return Result{rows}, nil
}

// Row is chat id's summary and summary_fence.
func (d *ChatDB) Row(id int) (summary, fence string) {
	cquery := C.CString("select coalesce(summary, ''), summary_fence from chats where id = ?")
	defer C.free(unsafe.Pointer(cquery))
	var stmt *C.sqlite3_stmt
	C.sqlite3_prepare_v2(d.db, cquery, -1, &stmt, nil)
	defer C.sqlite3_finalize(stmt)
	C.sqlite3_bind_int64(stmt, 1, C.sqlite3_int64(id))
	if C.sqlite3_step(stmt) == C.SQLITE_ROW {
		summary = C.GoString((*C.char)(unsafe.Pointer(C.sqlite3_column_text(stmt, 0))))
		fence = C.GoString((*C.char)(unsafe.Pointer(C.sqlite3_column_text(stmt, 1))))
	}
	return summary, fence
}
