/*
 * A minimal reader of event payloads: flat JSON objects whose values are strings,
 * integers, booleans or null (what the events file holds). Strings are unescaped into
 * the payload's own buffer; nested objects and arrays are refused.
 */
#ifndef PAYLOAD_H
#define PAYLOAD_H

#include <stdint.h>

/* A piece of text; `bytes` is NULL for a field that is absent or null. */
struct text {
    const char *bytes;
    int length;
};

#define PAYLOAD_MAX_FIELDS 16

/* The fields of one payload. */
struct payload {
    struct {
        struct text name;
        enum { PAYLOAD_NULL, PAYLOAD_STRING, PAYLOAD_NUMBER, PAYLOAD_BOOLEAN } kind;
        struct text string; /* the value when it is a string */
        int64_t number;     /* the value when it is an integer */
    } fields[PAYLOAD_MAX_FIELDS];
    int count;
    char *buffer; /* the unescaped strings */
    int capacity;
};

/* Reads the JSON object `data` into `payload`, reusing its buffer; exits with a message
 * naming `what` on a payload it cannot read. */
void payload_read(struct payload *payload, const char *data, int length, const char *what);

/* The string field `name`: {NULL, 0} when absent or null; exits when it is not a string. */
struct text payload_text(const struct payload *payload, const char *name);

/* The string field `name`, which must be there. */
struct text payload_required_text(const struct payload *payload, const char *name);

/* Whether the integer field `name` is there, its value in `*value`. */
int payload_number(const struct payload *payload, const char *name, int64_t *value);

#endif
