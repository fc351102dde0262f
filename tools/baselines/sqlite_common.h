/*
 * What the two SQLite baselines share: a database opened as both use it (WAL mode,
 * synchronous=FULL: every commit synced) and statements run with every error fatal.
 */
#ifndef SQLITE_COMMON_H
#define SQLITE_COMMON_H

#include <sqlite3.h>

/* The database of this process, opened by sqlite_open_durable. */
extern sqlite3 *sqlite_db;

/* Creates or opens the database at `path`, in WAL mode with synchronous=FULL. */
void sqlite_open_durable(const char *path);

/* Exits with SQLite's message unless `code` is SQLITE_OK or SQLITE_DONE. */
void sqlite_check(int code, const char *what);

/* Runs `sql` (one or more statements without parameters). */
void sqlite_execute(const char *sql);

/* Compiles `sql` once, to be bound and stepped many times. */
sqlite3_stmt *sqlite_prepare(const char *sql);

/* Steps a statement that returns no row, then resets it for its next use. */
void sqlite_run(sqlite3_stmt *statement);

/* Steps a query expected to return at most one row: 1 when it did (read its columns,
 * then call sqlite_reset), 0 when it returned none (already reset). */
int sqlite_row(sqlite3_stmt *statement);

/* Resets a statement after its row was read. */
void sqlite_reset(sqlite3_stmt *statement);

/* The first column of the one row of `sql`, a number. */
sqlite3_int64 sqlite_count(const char *sql);

struct baseline_event;

/* Runs `insert`, a statement taking (position, id, stream, version, type, data,
   recorded_at), for `event` at `position`. */
void sqlite_insert_event(sqlite3_stmt *insert, const struct baseline_event *event, sqlite3_int64 position,
                         sqlite3_int64 recorded_at);

#endif
