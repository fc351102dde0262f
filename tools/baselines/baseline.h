/*
 * What the C baselines of the benchmark share: reading the events file that
 * ledger-bench writes, the append driver (commits of the asked size, timed), and printing
 * one result line.
 *
 * Events file (integers little-endian):
 *   magic "ELEVENTS" (8 bytes), event count u64, then per event:
 *   stream version u64, event id (16 bytes), type length u16, stream length u16,
 *   data length u32, then the type, stream and data (canonical JSON) bytes.
 *
 * Every append baseline is run as `PROGRAM EVENTS_FILE DB_PATH EVENTS EVENTS_PER_COMMIT`: it
 * appends the first EVENTS events of the file to a new database at DB_PATH, in durable
 * commits of EVENTS_PER_COMMIT events, and prints one JSON line on stdout:
 *   {"events":N,"commits":N,"seconds":S,"commit_p50_us":U,"commit_p99_us":U,"peak_rss_mib":M}
 */
#ifndef BASELINE_H
#define BASELINE_H

#include <stddef.h>
#include <stdint.h>

/* One event of the file; the pointers point into the mapped file. */
struct baseline_event {
    uint64_t version;
    const uint8_t *id; /* 16 bytes */
    const char *type;
    const char *stream;
    const char *data;
    uint16_t type_length;
    uint16_t stream_length;
    uint32_t data_length;
};

/* The first `count` events of an events file, mapped into memory. */
struct baseline_events {
    struct baseline_event *events;
    size_t count;
};

/* Maps `path` and indexes its first `count` events; exits with a message on any error. */
struct baseline_events baseline_read_events(const char *path, size_t count);

/* Parses the command line described above; exits with usage on a mistake. */
void baseline_arguments(int argc, char **argv, const char **events_path, const char **db_path,
                        size_t *count, size_t *per_commit);

/* Seconds on the monotonic clock. */
double baseline_now(void);

/* Microseconds since the Unix epoch: the commit time stored with each event. */
int64_t baseline_wall_microseconds(void);

/* Lowers this process's peak resident set size (VmHWM) to its current size. */
void baseline_reset_peak_memory(void);

/* This process's peak resident set size (VmHWM) in MiB; -1 when unreadable. */
double baseline_peak_memory_mib(void);

/* Prints the result line: `commit_seconds` holds the duration of each of `commits` commits. */
void baseline_report(size_t events, double *commit_seconds, size_t commits, double seconds);

/* Prints `message: detail` on stderr and exits with 1. */
void baseline_fail(const char *message, const char *detail);

/*
 * What an engine does for the append driver. `open` creates the database at `db_path`
 * before the timing starts (it may look at every event, e.g. to size a buffer); then, per
 * commit, `begin`, `append` for each of its events (`position` counts from 1,
 * `recorded_at` is the commit's time), and `commit`, which must be durable. `finish`, if
 * not NULL, runs after the result line: checks of what was stored, on stderr, and closing.
 */
struct baseline_engine {
    void (*open)(const char *db_path, const struct baseline_events *events);
    void (*begin)(void);
    void (*append)(const struct baseline_event *event, uint64_t position, int64_t recorded_at);
    void (*commit)(void);
    void (*finish)(void);
};

/* The whole `PROGRAM EVENTS_FILE DB_PATH EVENTS EVENTS_PER_COMMIT` run with `engine`: reads
 * the events, times the commits and prints the result line. Returns main's exit status. */
int baseline_run_appends(int argc, char **argv, const struct baseline_engine *engine);

#endif
