/* The shared part of the SQLite baselines: see sqlite_common.h. */
#include "sqlite_common.h"

#include "baseline.h"

sqlite3 *sqlite_db;

void sqlite_check(int code, const char *what) {
    if (code != SQLITE_OK && code != SQLITE_DONE) baseline_fail(what, sqlite3_errmsg(sqlite_db));
}

void sqlite_execute(const char *sql) {
    char *message = NULL;
    if (sqlite3_exec(sqlite_db, sql, NULL, NULL, &message) != SQLITE_OK) baseline_fail(sql, message);
}

void sqlite_open_durable(const char *path) {
    sqlite_check(sqlite3_open(path, &sqlite_db), path);
    sqlite_execute("PRAGMA journal_mode=WAL");
    sqlite_execute("PRAGMA synchronous=FULL");
}

sqlite3_stmt *sqlite_prepare(const char *sql) {
    sqlite3_stmt *statement;
    sqlite_check(sqlite3_prepare_v3(sqlite_db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL), sql);
    return statement;
}

void sqlite_run(sqlite3_stmt *statement) {
    sqlite_check(sqlite3_step(statement), sqlite3_sql(statement));
    sqlite_check(sqlite3_reset(statement), sqlite3_sql(statement));
}

int sqlite_row(sqlite3_stmt *statement) {
    int code = sqlite3_step(statement);
    if (code == SQLITE_ROW) return 1;
    sqlite_check(code, sqlite3_sql(statement));
    sqlite_check(sqlite3_reset(statement), sqlite3_sql(statement));
    return 0;
}

void sqlite_reset(sqlite3_stmt *statement) {
    sqlite_check(sqlite3_reset(statement), sqlite3_sql(statement));
}

sqlite3_int64 sqlite_count(const char *sql) {
    sqlite3_stmt *statement = sqlite_prepare(sql);
    if (!sqlite_row(statement)) baseline_fail(sql, "no row");
    sqlite3_int64 count = sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    return count;
}

void sqlite_insert_event(sqlite3_stmt *insert, const struct baseline_event *event, sqlite3_int64 position,
                         sqlite3_int64 recorded_at) {
    sqlite3_bind_int64(insert, 1, position);
    sqlite3_bind_blob(insert, 2, event->id, 16, SQLITE_STATIC);
    sqlite3_bind_text(insert, 3, event->stream, event->stream_length, SQLITE_STATIC);
    sqlite3_bind_int64(insert, 4, (sqlite3_int64)event->version);
    sqlite3_bind_text(insert, 5, event->type, event->type_length, SQLITE_STATIC);
    sqlite3_bind_text(insert, 6, event->data, (int)event->data_length, SQLITE_STATIC);
    sqlite3_bind_int64(insert, 7, recorded_at);
    sqlite_run(insert);
}
