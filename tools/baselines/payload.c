/* The payload reader: see payload.h. */
#include "payload.h"

#include "baseline.h"

#include <stdlib.h>
#include <string.h>

/* Where reading is, and what is read, for the error message. */
struct reader {
    const char *at, *end, *what;
};

static void refuse(const struct reader *reader, const char *problem) {
    baseline_fail(reader->what, problem);
}

static void skip_spaces(struct reader *reader) {
    while (reader->at < reader->end && (*reader->at == ' ' || *reader->at == '\n' || *reader->at == '\t' || *reader->at == '\r'))
        reader->at++;
}

static void expect(struct reader *reader, char character) {
    skip_spaces(reader);
    if (reader->at >= reader->end || *reader->at != character) refuse(reader, "unexpected payload JSON");
    reader->at++;
}

/* Four hex digits of a \u escape. */
static unsigned hex4(struct reader *reader) {
    if (reader->end - reader->at < 4) refuse(reader, "truncated \\u escape");
    unsigned value = 0;
    for (int i = 0; i < 4; i++) {
        char c = *reader->at++;
        value <<= 4;
        if (c >= '0' && c <= '9') value |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') value |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') value |= (unsigned)(c - 'A' + 10);
        else refuse(reader, "bad \\u escape");
    }
    return value;
}

/* Appends the UTF-8 bytes of `scalar` at `out`; returns where they end. */
static char *put_utf8(char *out, unsigned scalar) {
    if (scalar < 0x80) {
        *out++ = (char)scalar;
    } else if (scalar < 0x800) {
        *out++ = (char)(0xC0 | scalar >> 6);
        *out++ = (char)(0x80 | (scalar & 0x3F));
    } else if (scalar < 0x10000) {
        *out++ = (char)(0xE0 | scalar >> 12);
        *out++ = (char)(0x80 | (scalar >> 6 & 0x3F));
        *out++ = (char)(0x80 | (scalar & 0x3F));
    } else {
        *out++ = (char)(0xF0 | scalar >> 18);
        *out++ = (char)(0x80 | (scalar >> 12 & 0x3F));
        *out++ = (char)(0x80 | (scalar >> 6 & 0x3F));
        *out++ = (char)(0x80 | (scalar & 0x3F));
    }
    return out;
}

/* Reads a JSON string, unescaped into `*out` (never longer than its escaped form), which
 * is moved past it. */
static struct text read_string(struct reader *reader, char **out) {
    expect(reader, '"');
    struct text text = {*out, 0};
    char *write = *out;
    for (;;) {
        if (reader->at >= reader->end) refuse(reader, "unterminated string");
        char c = *reader->at++;
        if (c == '"') break;
        if (c != '\\') {
            *write++ = c;
            continue;
        }
        if (reader->at >= reader->end) refuse(reader, "unterminated string");
        char escaped = *reader->at++;
        switch (escaped) {
        case 'b': *write++ = '\b'; break;
        case 'f': *write++ = '\f'; break;
        case 'n': *write++ = '\n'; break;
        case 'r': *write++ = '\r'; break;
        case 't': *write++ = '\t'; break;
        case 'u': {
            unsigned scalar = hex4(reader);
            if (scalar >= 0xD800 && scalar < 0xDC00 && reader->end - reader->at >= 6 && reader->at[0] == '\\' &&
                reader->at[1] == 'u') {
                reader->at += 2;
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(reader) - 0xDC00);
            }
            write = put_utf8(write, scalar);
            break;
        }
        default: *write++ = escaped; /* \" \\ \/ */
        }
    }
    text.length = (int)(write - text.bytes);
    *out = write;
    return text;
}

/* Whether the reader is at the literal `word`, which it then skips. */
static int skip_literal(struct reader *reader, const char *word) {
    size_t length = strlen(word);
    if ((size_t)(reader->end - reader->at) < length || memcmp(reader->at, word, length) != 0) return 0;
    reader->at += length;
    return 1;
}

void payload_read(struct payload *payload, const char *data, int length, const char *what) {
    if (payload->capacity < length) {
        free(payload->buffer);
        payload->capacity = length * 2;
        payload->buffer = malloc((size_t)payload->capacity);
        if (!payload->buffer) baseline_fail("cannot allocate", "out of memory");
    }
    struct reader reader = {data, data + length, what};
    char *out = payload->buffer;
    payload->count = 0;
    expect(&reader, '{');
    skip_spaces(&reader);
    if (reader.at < reader.end && *reader.at == '}') return;
    for (;;) {
        if (payload->count == PAYLOAD_MAX_FIELDS) refuse(&reader, "too many payload fields");
        int index = payload->count++;
        memset(&payload->fields[index], 0, sizeof payload->fields[index]);
        payload->fields[index].name = read_string(&reader, &out);
        expect(&reader, ':');
        skip_spaces(&reader);
        if (reader.at < reader.end && *reader.at == '"') {
            payload->fields[index].string = read_string(&reader, &out);
            payload->fields[index].kind = PAYLOAD_STRING;
        } else if (reader.at < reader.end && (*reader.at == '-' || (*reader.at >= '0' && *reader.at <= '9'))) {
            char *number_end;
            payload->fields[index].number = strtoll(reader.at, &number_end, 10);
            payload->fields[index].kind = PAYLOAD_NUMBER;
            reader.at = number_end;
        } else if (skip_literal(&reader, "true") || skip_literal(&reader, "false")) {
            payload->fields[index].kind = PAYLOAD_BOOLEAN;
        } else if (!skip_literal(&reader, "null")) {
            refuse(&reader, "a payload field that is not a string, integer, boolean or null");
        }
        skip_spaces(&reader);
        if (reader.at < reader.end && *reader.at == ',') {
            reader.at++;
            continue;
        }
        expect(&reader, '}');
        return;
    }
}

/* The field called `name`, or -1. */
static int find(const struct payload *payload, const char *name) {
    int length = (int)strlen(name);
    for (int i = 0; i < payload->count; i++) {
        const struct text *field = &payload->fields[i].name;
        if (field->length == length && memcmp(field->bytes, name, (size_t)length) == 0) return i;
    }
    return -1;
}

struct text payload_text(const struct payload *payload, const char *name) {
    int index = find(payload, name);
    struct text none = {NULL, 0};
    if (index < 0 || payload->fields[index].kind == PAYLOAD_NULL) return none;
    if (payload->fields[index].kind != PAYLOAD_STRING) baseline_fail(name, "not a string");
    return payload->fields[index].string;
}

struct text payload_required_text(const struct payload *payload, const char *name) {
    struct text text = payload_text(payload, name);
    if (!text.bytes) baseline_fail(name, "missing from the payload");
    return text;
}

int payload_number(const struct payload *payload, const char *name, int64_t *value) {
    int index = find(payload, name);
    if (index < 0 || payload->fields[index].kind != PAYLOAD_NUMBER) return 0;
    *value = payload->fields[index].number;
    return 1;
}
