/*
 * The storage limit of the ledger's file format: every entry of every table of a finished
 * ledger file written, byte for byte as stored, into a new LMDB file in one durable write
 * transaction. Each table is written in key order with MDB_APPEND (MDB_APPENDDUP for the
 * further values of a key of a table with duplicate keys), so each entry goes at the end of
 * its table's last page without a search, and whole pages are filled in order: the cheapest
 * way LMDB has to write these entries. Nothing is decoded, checked or hashed. Whatever a
 * ledger does for its events, the file it produces holds these tables, so no implementation
 * of this file format can write them faster than this copy does.
 *
 *   same-bytes-lmdb SOURCE DEST [--read-models]
 *
 * SOURCE is a ledger file no process is writing (opened read-only, without the lock file);
 * DEST is a new LMDB file. With --read-models only the read-model tables are written: those
 * whose names end in `@history`, what `ledger rebuild` writes. Prints one JSON line:
 *   {"events":N,"seconds":S,"entries":E,"bytes":B,"peak_rss_mib":M}
 * N is the number of entries of SOURCE's `log` table (so N/S is the events' worth written per
 * second), E the entries written and B their key and value bytes. The time runs from the
 * begin of the write transaction to its commit (LMDB's default: the data, then the meta
 * page, synced) and one more sync; opening the two files is not timed.
 */
#include "baseline.h"

#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* At most this many tables: far more than a ledger has. */
#define MAX_TABLES 256
/* What the name of a read-model table ends with. */
#define READ_MODEL_SUFFIX "@history"
/* The table flags that decide how its entries are ordered and stored. */
#define LAYOUT_FLAGS (MDB_REVERSEKEY | MDB_DUPSORT | MDB_INTEGERKEY | MDB_DUPFIXED | MDB_INTEGERDUP | MDB_REVERSEDUP)

static void check(int code, const char *what) {
    if (code != MDB_SUCCESS) baseline_fail(what, mdb_strerror(code));
}

static MDB_env *open_environment(const char *path, unsigned flags, size_t map_size) {
    MDB_env *env;
    check(mdb_env_create(&env), "mdb_env_create");
    check(mdb_env_set_maxdbs(env, MAX_TABLES), "mdb_env_set_maxdbs");
    if (map_size) check(mdb_env_set_mapsize(env, map_size), "mdb_env_set_mapsize");
    check(mdb_env_open(env, path, MDB_NOSUBDIR | flags, 0600), path);
    return env;
}

/* One table of the source: its name, its handle in the source's read transaction, its flags. */
struct table {
    char *name;
    MDB_dbi dbi;
    unsigned flags;
};

static int is_read_model_table(const char *name) {
    size_t length = strlen(name), suffix = strlen(READ_MODEL_SUFFIX);
    return length >= suffix && strcmp(name + length - suffix, READ_MODEL_SUFFIX) == 0;
}

/*
 * The tables of the source, from the keys of its main (unnamed) database, each opened in
 * `txn`; only the read-model tables when `read_models_only`. Returns how many.
 */
static size_t list_tables(MDB_txn *txn, int read_models_only, struct table *tables) {
    MDB_dbi main_dbi;
    MDB_cursor *cursor;
    check(mdb_dbi_open(txn, NULL, 0, &main_dbi), "mdb_dbi_open (main)");
    check(mdb_cursor_open(txn, main_dbi, &cursor), "mdb_cursor_open (main)");
    size_t count = 0;
    MDB_val key, value;
    int code;
    for (code = mdb_cursor_get(cursor, &key, &value, MDB_FIRST); code == MDB_SUCCESS;
         code = mdb_cursor_get(cursor, &key, &value, MDB_NEXT)) {
        char *name = strndup(key.mv_data, key.mv_size);
        if (!name) baseline_fail("cannot allocate", "out of memory");
        if (read_models_only && !is_read_model_table(name)) {
            free(name);
            continue;
        }
        if (count == MAX_TABLES) baseline_fail("too many tables", name);
        struct table *table = &tables[count++];
        table->name = name;
        check(mdb_dbi_open(txn, name, 0, &table->dbi), name);
        check(mdb_dbi_flags(txn, table->dbi, &table->flags), name);
        table->flags &= LAYOUT_FLAGS;
    }
    if (code != MDB_NOTFOUND) check(code, "mdb_cursor_get (main)");
    mdb_cursor_close(cursor);
    return count;
}

/* The number of entries of the source's `log` table: its events. */
static size_t log_entries(MDB_txn *txn) {
    MDB_dbi log;
    MDB_stat stat;
    check(mdb_dbi_open(txn, "log", 0, &log), "mdb_dbi_open log");
    check(mdb_stat(txn, log, &stat), "mdb_stat log");
    return stat.ms_entries;
}

/*
 * Writes every entry of `table` (read in `source`) into a table of the same name and flags
 * created in `dest`, in key order with MDB_APPEND; the further values of a key of a table
 * with duplicate keys with MDB_APPENDDUP. Adds the entries and their bytes to the counts.
 */
static void copy_table(MDB_txn *source, MDB_txn *dest, const struct table *table, size_t *entries, size_t *bytes) {
    MDB_dbi to;
    MDB_cursor *reader, *writer;
    check(mdb_dbi_open(dest, table->name, table->flags | MDB_CREATE, &to), table->name);
    check(mdb_cursor_open(source, table->dbi, &reader), table->name);
    check(mdb_cursor_open(dest, to, &writer), table->name);
    int duplicates = (table->flags & MDB_DUPSORT) != 0;
    MDB_val key, value;
    int code;
    for (code = mdb_cursor_get(reader, &key, &value, MDB_FIRST); code == MDB_SUCCESS;
         code = mdb_cursor_get(reader, &key, &value, MDB_NEXT_NODUP)) {
        check(mdb_cursor_put(writer, &key, &value, MDB_APPEND), table->name);
        *entries += 1;
        *bytes += key.mv_size + value.mv_size;
        /* MDB_NEXT_DUP would move on to the next key in a table without duplicates. */
        while (duplicates && (code = mdb_cursor_get(reader, &key, &value, MDB_NEXT_DUP)) == MDB_SUCCESS) {
            check(mdb_cursor_put(writer, &key, &value, MDB_APPENDDUP), table->name);
            *entries += 1;
            *bytes += key.mv_size + value.mv_size;
        }
        if (duplicates && code != MDB_NOTFOUND) check(code, table->name);
    }
    if (code != MDB_NOTFOUND) check(code, table->name);
    mdb_cursor_close(writer);
    mdb_cursor_close(reader);
}

int main(int argc, char **argv) {
    int read_models_only = argc == 4 && strcmp(argv[3], "--read-models") == 0;
    if (argc != 3 && !read_models_only) {
        fprintf(stderr, "usage: %s SOURCE DEST [--read-models]\n", argv[0]);
        return 2;
    }
    const char *source_path = argv[1], *dest_path = argv[2];
    struct stat status;
    if (stat(source_path, &status) != 0) baseline_fail(source_path, "cannot read");
    if (access(dest_path, F_OK) == 0) baseline_fail(dest_path, "exists already");

    MDB_env *source_env = open_environment(source_path, MDB_RDONLY | MDB_NOLOCK, 0);
    MDB_txn *source;
    check(mdb_txn_begin(source_env, NULL, MDB_RDONLY, &source), "mdb_txn_begin (source)");
    static struct table tables[MAX_TABLES];
    size_t table_count = list_tables(source, read_models_only, tables);
    size_t events = log_entries(source);
    /* Twice the source, so that the copy never runs out of map. */
    size_t map_size = 2 * (size_t)status.st_size + ((size_t)1 << 20);
    MDB_env *dest_env = open_environment(dest_path, 0, map_size);

    size_t entries = 0, bytes = 0;
    baseline_reset_peak_memory();
    double started = baseline_now();
    MDB_txn *dest;
    check(mdb_txn_begin(dest_env, NULL, 0, &dest), "mdb_txn_begin (dest)");
    for (size_t i = 0; i < table_count; i++) copy_table(source, dest, &tables[i], &entries, &bytes);
    check(mdb_txn_commit(dest), "mdb_txn_commit");
    check(mdb_env_sync(dest_env, 1), "mdb_env_sync");
    double seconds = baseline_now() - started;

    printf("{\"events\":%zu,\"seconds\":%.6f,\"entries\":%zu,\"bytes\":%zu,\"peak_rss_mib\":%.3f}\n", events, seconds,
           entries, bytes, baseline_peak_memory_mib());
    fprintf(stderr, "same-bytes-lmdb: %zu tables, %zu entries, %zu bytes\n", table_count, entries, bytes);
    mdb_txn_abort(source);
    mdb_env_close(dest_env);
    mdb_env_close(source_env);
    for (size_t i = 0; i < table_count; i++) free(tables[i].name);
    return 0;
}
