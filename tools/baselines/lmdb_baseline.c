/*
 * The raw LMDB baseline: what the ledger's log costs without the ledger. Each event is
 * one record in `log` (big-endian position → version, time, id, type, stream, data),
 * written with MDB_APPEND, and one entry in `streams` (stream ‖ NUL ‖ big-endian
 * version → big-endian position, MDB_NOOVERWRITE). Commits are durable (LMDB's
 * default: the data, then the meta page, synced at each commit).
 *
 *   lmdb-baseline EVENTS_FILE DB_PATH EVENTS EVENTS_PER_COMMIT   (see baseline.h)
 *   lmdb-baseline --scan DB_PATH
 *       reads the whole log with a cursor and prints {"events":N,"seconds":S,"peak_rss_mib":M}
 */
#include "baseline.h"

#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(int code, const char *what) {
    if (code != MDB_SUCCESS) baseline_fail(what, mdb_strerror(code));
}

static void store_be64(uint8_t *out, uint64_t value) {
    for (int i = 7; i >= 0; i--, value >>= 8) out[i] = (uint8_t)value;
}

static void store_le(uint8_t *out, uint64_t value, int width) {
    for (int i = 0; i < width; i++, value >>= 8) out[i] = (uint8_t)value;
}

static MDB_env *open_environment(const char *path, unsigned flags) {
    MDB_env *env;
    check(mdb_env_create(&env), "mdb_env_create");
    check(mdb_env_set_maxdbs(env, 2), "mdb_env_set_maxdbs");
    check(mdb_env_set_mapsize(env, (size_t)16 << 30), "mdb_env_set_mapsize");
    check(mdb_env_open(env, path, MDB_NOSUBDIR | flags, 0600), path);
    return env;
}

/* `log` record of an event: version u64, recorded-at µs i64, id, type/stream/data lengths, bytes. */
static size_t encode_record(const struct baseline_event *event, int64_t recorded_at, uint8_t *out) {
    store_le(out, event->version, 8);
    store_le(out + 8, (uint64_t)recorded_at, 8);
    memcpy(out + 16, event->id, 16);
    store_le(out + 32, event->type_length, 2);
    store_le(out + 34, event->stream_length, 2);
    store_le(out + 36, event->data_length, 4);
    size_t length = 40;
    memcpy(out + length, event->type, event->type_length);
    length += event->type_length;
    memcpy(out + length, event->stream, event->stream_length);
    length += event->stream_length;
    memcpy(out + length, event->data, event->data_length);
    return length + event->data_length;
}

static MDB_env *env;
static MDB_txn *txn;
static MDB_dbi log_table, streams_table;
static uint8_t *record;     /* one `log` record, as long as the longest event needs */
static uint8_t *stream_key; /* one `streams` key */

static void open_database(const char *db_path, const struct baseline_events *events) {
    env = open_environment(db_path, 0);
    check(mdb_txn_begin(env, NULL, 0, &txn), "mdb_txn_begin");
    check(mdb_dbi_open(txn, "log", MDB_CREATE, &log_table), "mdb_dbi_open log");
    check(mdb_dbi_open(txn, "streams", MDB_CREATE, &streams_table), "mdb_dbi_open streams");
    check(mdb_txn_commit(txn), "mdb_txn_commit");
    size_t longest = 0;
    for (size_t i = 0; i < events->count; i++) {
        const struct baseline_event *event = &events->events[i];
        size_t length = (size_t)event->type_length + event->stream_length + event->data_length;
        if (length > longest) longest = length;
    }
    record = malloc(40 + longest);
    stream_key = malloc(65536 + 9);
    if (!record || !stream_key) baseline_fail("cannot allocate", "out of memory");
}

static void begin(void) {
    check(mdb_txn_begin(env, NULL, 0, &txn), "mdb_txn_begin");
}

static void append(const struct baseline_event *event, uint64_t position_number, int64_t recorded_at) {
    uint8_t position[8];
    store_be64(position, position_number);
    MDB_val key = {8, position};
    MDB_val value = {encode_record(event, recorded_at, record), record};
    check(mdb_put(txn, log_table, &key, &value, MDB_APPEND), "mdb_put log");

    memcpy(stream_key, event->stream, event->stream_length);
    stream_key[event->stream_length] = 0;
    store_be64(stream_key + event->stream_length + 1, event->version);
    MDB_val index_key = {event->stream_length + 9u, stream_key};
    MDB_val index_value = {8, position};
    check(mdb_put(txn, streams_table, &index_key, &index_value, MDB_NOOVERWRITE), "mdb_put streams");
}

static void commit(void) {
    check(mdb_txn_commit(txn), "mdb_txn_commit");
}

static void finish(void) {
    mdb_env_close(env);
}

static int scan(const char *db_path) {
    env = open_environment(db_path, MDB_RDONLY);
    MDB_cursor *cursor;
    baseline_reset_peak_memory();
    double started = baseline_now();
    check(mdb_txn_begin(env, NULL, MDB_RDONLY, &txn), "mdb_txn_begin");
    check(mdb_dbi_open(txn, "log", 0, &log_table), "mdb_dbi_open log");
    check(mdb_cursor_open(txn, log_table, &cursor), "mdb_cursor_open");
    MDB_val key, value;
    size_t events = 0;
    uint64_t checksum = 0;
    int code;
    for (code = mdb_cursor_get(cursor, &key, &value, MDB_FIRST); code == MDB_SUCCESS;
         code = mdb_cursor_get(cursor, &key, &value, MDB_NEXT)) {
        events++;
        checksum += ((const uint8_t *)value.mv_data)[value.mv_size - 1];
    }
    if (code != MDB_NOTFOUND) check(code, "mdb_cursor_get");
    mdb_cursor_close(cursor);
    mdb_txn_abort(txn);
    double seconds = baseline_now() - started;
    double no_commits[1] = {seconds};
    fprintf(stderr, "lmdb-baseline: scanned %zu events (checksum %llu)\n", events, (unsigned long long)checksum);
    baseline_report(events, no_commits, 1, seconds);
    mdb_env_close(env);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--scan") == 0) return scan(argv[2]);
    static const struct baseline_engine engine = {open_database, begin, append, commit, finish};
    return baseline_run_appends(argc, argv, &engine);
}
