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
#include "sqlite_common.h"

static sqlite3_stmt *insert;

static void open_database(const char *db_path, const struct baseline_events *events) {
    (void)events;
    sqlite_open_durable(db_path);
    sqlite_execute("CREATE TABLE events(position INTEGER PRIMARY KEY, id BLOB NOT NULL, stream TEXT NOT NULL, "
                   "version INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, recorded_at INTEGER NOT NULL, "
                   "UNIQUE(stream, version))");
    insert = sqlite_prepare("INSERT INTO events(position, id, stream, version, type, data, recorded_at) "
                            "VALUES(?, ?, ?, ?, ?, ?, ?)");
}

static void begin(void) {
    sqlite_execute("BEGIN");
}

static void append(const struct baseline_event *event, uint64_t position, int64_t recorded_at) {
    sqlite_insert_event(insert, event, (sqlite3_int64)position, recorded_at);
}

static void commit(void) {
    sqlite_execute("COMMIT");
}

static void finish(void) {
    sqlite3_finalize(insert);
    sqlite3_close(sqlite_db);
}

int main(int argc, char **argv) {
    static const struct baseline_engine engine = {open_database, begin, append, commit, finish};
    return baseline_run_appends(argc, argv, &engine);
}
