/*
 * The SQLite baseline: the same events in one table, in WAL mode with synchronous=FULL
 * (every commit synced):
 *
 *   events(position INTEGER PRIMARY KEY, id BLOB, stream TEXT, version INTEGER, type TEXT,
 *          data TEXT, recorded_at INTEGER, UNIQUE(stream, version))
 *
 *   sqlite-baseline EVENTS_FILE DB_PATH EVENTS EVENTS_PER_COMMIT   (see baseline.h)
 */
#include "baseline.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

static sqlite3 *db;

static void check(int code, const char *what) {
    if (code != SQLITE_OK && code != SQLITE_DONE) baseline_fail(what, sqlite3_errmsg(db));
}

static void execute(const char *sql) {
    char *message = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &message) != SQLITE_OK) baseline_fail(sql, message);
}

int main(int argc, char **argv) {
    const char *events_path, *db_path;
    size_t count, per_commit;
    baseline_arguments(argc, argv, &events_path, &db_path, &count, &per_commit);
    struct baseline_events input = baseline_read_events(events_path, count);
    check(sqlite3_open(db_path, &db), db_path);
    execute("PRAGMA journal_mode=WAL");
    execute("PRAGMA synchronous=FULL");
    execute("CREATE TABLE events(position INTEGER PRIMARY KEY, id BLOB NOT NULL, stream TEXT NOT NULL, "
            "version INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, recorded_at INTEGER NOT NULL, "
            "UNIQUE(stream, version))");
    sqlite3_stmt *insert;
    check(sqlite3_prepare_v2(db,
                             "INSERT INTO events(position, id, stream, version, type, data, recorded_at) "
                             "VALUES(?, ?, ?, ?, ?, ?, ?)",
                             -1, &insert, NULL),
          "prepare insert");

    size_t commits = (count + per_commit - 1) / per_commit;
    double *commit_seconds = calloc(commits, sizeof(double));
    if (!commit_seconds) baseline_fail("cannot allocate", "out of memory");
    baseline_reset_peak_memory();
    double started = baseline_now();
    size_t next = 0;
    for (size_t commit = 0; commit < commits; commit++) {
        double commit_started = baseline_now();
        execute("BEGIN");
        sqlite3_int64 recorded_at = baseline_wall_microseconds();
        for (size_t end = next + per_commit < count ? next + per_commit : count; next < end; next++) {
            const struct baseline_event *event = &input.events[next];
            sqlite3_bind_int64(insert, 1, (sqlite3_int64)(next + 1));
            sqlite3_bind_blob(insert, 2, event->id, 16, SQLITE_STATIC);
            sqlite3_bind_text(insert, 3, event->stream, event->stream_length, SQLITE_STATIC);
            sqlite3_bind_int64(insert, 4, (sqlite3_int64)event->version);
            sqlite3_bind_text(insert, 5, event->type, event->type_length, SQLITE_STATIC);
            sqlite3_bind_text(insert, 6, event->data, (int)event->data_length, SQLITE_STATIC);
            sqlite3_bind_int64(insert, 7, recorded_at);
            check(sqlite3_step(insert), "insert");
            check(sqlite3_reset(insert), "reset");
        }
        execute("COMMIT");
        commit_seconds[commit] = baseline_now() - commit_started;
    }
    double seconds = baseline_now() - started;
    baseline_report(count, commit_seconds, commits, seconds);
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return 0;
}
