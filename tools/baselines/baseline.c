/* The shared part of the C baselines: see baseline.h. */
#define _GNU_SOURCE
#include "baseline.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void baseline_fail(const char *message, const char *detail) {
    fprintf(stderr, "baseline: %s: %s\n", message, detail);
    exit(1);
}

static uint64_t load_le(const uint8_t *bytes, int width) {
    uint64_t value = 0;
    for (int i = width - 1; i >= 0; i--) value = value << 8 | bytes[i];
    return value;
}

struct baseline_events baseline_read_events(const char *path, size_t count) {
    int file = open(path, O_RDONLY);
    if (file < 0) baseline_fail(path, strerror(errno));
    struct stat status;
    if (fstat(file, &status) != 0) baseline_fail(path, strerror(errno));
    size_t size = (size_t)status.st_size;
    const uint8_t *bytes = mmap(NULL, size, PROT_READ, MAP_PRIVATE, file, 0);
    if (bytes == MAP_FAILED) baseline_fail(path, strerror(errno));
    close(file);
    if (size < 16 || memcmp(bytes, "ELEVENTS", 8) != 0) baseline_fail(path, "not an events file");
    if (load_le(bytes + 8, 8) < count) baseline_fail(path, "holds fewer events than asked for");

    struct baseline_events result = {calloc(count, sizeof(struct baseline_event)), count};
    if (!result.events) baseline_fail("cannot allocate the event index", strerror(errno));
    size_t offset = 16;
    for (size_t i = 0; i < count; i++) {
        if (offset + 32 > size) baseline_fail(path, "truncated");
        struct baseline_event *event = &result.events[i];
        event->version = load_le(bytes + offset, 8);
        event->id = bytes + offset + 8;
        event->type_length = (uint16_t)load_le(bytes + offset + 24, 2);
        event->stream_length = (uint16_t)load_le(bytes + offset + 26, 2);
        event->data_length = (uint32_t)load_le(bytes + offset + 28, 4);
        offset += 32;
        if (offset + event->type_length + event->stream_length + event->data_length > size) baseline_fail(path, "truncated");
        event->type = (const char *)bytes + offset;
        event->stream = event->type + event->type_length;
        event->data = event->stream + event->stream_length;
        offset += event->type_length + event->stream_length + event->data_length;
    }
    return result;
}

void baseline_arguments(int argc, char **argv, const char **events_path, const char **db_path,
                        size_t *count, size_t *per_commit) {
    char *end1 = NULL, *end2 = NULL;
    if (argc == 5) {
        *count = strtoull(argv[3], &end1, 10);
        *per_commit = strtoull(argv[4], &end2, 10);
    }
    if (argc != 5 || *end1 || *end2 || *count == 0 || *per_commit == 0) {
        fprintf(stderr, "usage: %s EVENTS_FILE DB_PATH EVENTS EVENTS_PER_COMMIT\n", argv[0]);
        exit(2);
    }
    *events_path = argv[1];
    *db_path = argv[2];
}

double baseline_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int64_t baseline_wall_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

void baseline_reset_peak_memory(void) {
    int file = open("/proc/self/clear_refs", O_WRONLY);
    if (file < 0) return;
    if (write(file, "5", 1) != 1) { /* an older kernel: the peak then covers the whole run */ }
    close(file);
}

double baseline_peak_memory_mib(void) {
    FILE *status = fopen("/proc/self/status", "r");
    if (!status) return -1;
    char line[256];
    double mib = -1;
    while (fgets(line, sizeof line, status)) {
        if (strncmp(line, "VmHWM:", 6) == 0) mib = strtod(line + 6, NULL) / 1024;
    }
    fclose(status);
    return mib;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The nearest-rank percentile `fraction` of sorted `values`, in microseconds. */
static double percentile_us(const double *sorted, size_t count, double fraction) {
    size_t rank = (size_t)(fraction * (double)count + 0.999999);
    if (rank < 1) rank = 1;
    if (rank > count) rank = count;
    return sorted[rank - 1] * 1e6;
}

void baseline_report(size_t events, double *commit_seconds, size_t commits, double seconds) {
    qsort(commit_seconds, commits, sizeof(double), compare_doubles);
    printf("{\"events\":%zu,\"commits\":%zu,\"seconds\":%.6f,\"commit_p50_us\":%.3f,\"commit_p99_us\":%.3f,"
           "\"peak_rss_mib\":%.3f}\n",
           events, commits, seconds, percentile_us(commit_seconds, commits, 0.5),
           percentile_us(commit_seconds, commits, 0.99), baseline_peak_memory_mib());
}

int baseline_run_appends(int argc, char **argv, const struct baseline_engine *engine) {
    const char *events_path, *db_path;
    size_t count, per_commit;
    baseline_arguments(argc, argv, &events_path, &db_path, &count, &per_commit);
    struct baseline_events input = baseline_read_events(events_path, count);
    engine->open(db_path, &input);

    size_t commits = (count + per_commit - 1) / per_commit;
    double *commit_seconds = calloc(commits, sizeof(double));
    if (!commit_seconds) baseline_fail("cannot allocate", "out of memory");
    baseline_reset_peak_memory();
    double started = baseline_now();
    size_t next = 0;
    for (size_t commit = 0; commit < commits; commit++) {
        double commit_started = baseline_now();
        engine->begin();
        int64_t recorded_at = baseline_wall_microseconds();
        for (size_t end = next + per_commit < count ? next + per_commit : count; next < end; next++) {
            engine->append(&input.events[next], next + 1, recorded_at);
        }
        engine->commit();
        commit_seconds[commit] = baseline_now() - commit_started;
    }
    double seconds = baseline_now() - started;
    baseline_report(count, commit_seconds, commits, seconds);
    fflush(stdout);
    if (engine->finish) engine->finish();
    free(commit_seconds);
    return 0;
}
