/*
 * The same-work SQLite peer: what an application on SQLite would write for the events
 * the ledger gets, doing the ledger's work — the log, the rules, the read models and
 * their history — with SQLite's tools. WAL mode, synchronous=FULL, one transaction per
 * commit, every statement prepared once, a 64 MiB page cache.
 *
 * The log, as in sqlite_baseline.c, with the event id unique too; the version of each
 * event is checked against its stream's head (a creation's stream must be new):
 *
 *   events(position INTEGER PRIMARY KEY, id BLOB UNIQUE, stream, version, type, data,
 *          recorded_at, UNIQUE(stream, version))
 *   stream_links(stream, position)   events linked to another entity's stream
 *
 * The read models, one indexed table per entity kind (names ordered by lower(name),
 * which folds ASCII letters only; the ledger folds all of Unicode):
 *
 *   artists(artist_id, name, song_count, deleted)      index by name among the live
 *   songs(song_id, title, artist_id, duration_seconds, deleted)
 *                                                      indexes by title, by artist and title
 *   categories(category_id, name, animal_count, deleted)
 *                                                      unique lower(name) among the live
 *   animals(animal_id, name, diet, category_id, deleted)
 *                                                      indexes by name, by category and name
 *   favorites(dish_id, position UNIQUE, added_at)      by position
 *
 * and, for reading the read models as of any position, a history row per change of a
 * read-model row, written by triggers:
 *
 *   history(model, key, position, row)   the row as JSON after the event at position, NULL once removed
 *
 * Each event goes into `events` first (the triggers take its position from there), then its
 * rules are checked with SELECTs before its read-model changes, as the ledger checks them
 * on a strict append: an edit needs a live entity, a restore one that exists, a song's
 * artist and an animal's category must be live, a category name is unique among live
 * categories ignoring case, a dish is favourited at most once at a time, a restored
 * favourite's position is not another dish's. The events are valid, so
 * a refusal stops the program. After the run, counts of what is stored go to stderr,
 * with a check that every stored song and animal count matches the rows it counts.
 *
 *   sqlite-same-work EVENTS_FILE DB_PATH EVENTS EVENTS_PER_COMMIT   (see baseline.h)
 */
#include "baseline.h"
#include "payload.h"
#include "sqlite_common.h"

#include <stdio.h>
#include <string.h>

static const char *const schema =
    "CREATE TABLE events(position INTEGER PRIMARY KEY, id BLOB NOT NULL UNIQUE, stream TEXT NOT NULL, "
    "  version INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, recorded_at INTEGER NOT NULL, "
    "  UNIQUE(stream, version));"
    "CREATE TABLE stream_links(stream TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY(stream, position)) "
    "  WITHOUT ROWID;"
    "CREATE TABLE artists(artist_id TEXT PRIMARY KEY, name TEXT NOT NULL, song_count INTEGER NOT NULL, "
    "  deleted INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX artists_by_name ON artists(lower(name), artist_id) WHERE deleted = 0;"
    "CREATE TABLE songs(song_id TEXT PRIMARY KEY, title TEXT NOT NULL, artist_id TEXT, duration_seconds INTEGER, "
    "  deleted INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX songs_by_title ON songs(lower(title), song_id) WHERE deleted = 0;"
    "CREATE INDEX songs_by_artist ON songs(artist_id, lower(title), song_id) WHERE deleted = 0;"
    "CREATE TABLE categories(category_id TEXT PRIMARY KEY, name TEXT NOT NULL, animal_count INTEGER NOT NULL, "
    "  deleted INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE UNIQUE INDEX category_names ON categories(lower(name)) WHERE deleted = 0;"
    "CREATE TABLE animals(animal_id TEXT PRIMARY KEY, name TEXT NOT NULL, diet TEXT NOT NULL, category_id TEXT, "
    "  deleted INTEGER NOT NULL) WITHOUT ROWID;"
    "CREATE INDEX animals_by_name ON animals(lower(name), animal_id) WHERE deleted = 0;"
    "CREATE INDEX animals_by_category ON animals(category_id, lower(name), animal_id) WHERE deleted = 0;"
    "CREATE TABLE favorites(dish_id TEXT PRIMARY KEY, position INTEGER NOT NULL UNIQUE, added_at INTEGER NOT NULL) "
    "  WITHOUT ROWID;"
    "CREATE TABLE history(model TEXT NOT NULL, key TEXT NOT NULL, position INTEGER NOT NULL, row TEXT, "
    "  PRIMARY KEY(model, key, position)) WITHOUT ROWID;";

/* A read-model table, its key column and its history row made from the row NEW. */
struct history_source {
    const char *table, *key, *row;
};

static const struct history_source history_sources[] = {
    {"artists", "artist_id", "json_object('name', NEW.name, 'songCount', NEW.song_count, 'deleted', NEW.deleted)"},
    {"songs", "song_id",
     "json_object('title', NEW.title, 'artistId', NEW.artist_id, 'durationSeconds', NEW.duration_seconds, "
     "'deleted', NEW.deleted)"},
    {"categories", "category_id",
     "json_object('name', NEW.name, 'animalCount', NEW.animal_count, 'deleted', NEW.deleted)"},
    {"animals", "animal_id",
     "json_object('name', NEW.name, 'diet', NEW.diet, 'categoryId', NEW.category_id, 'deleted', NEW.deleted)"},
    {"favorites", "dish_id", "json_object('position', NEW.position, 'addedAt', NEW.added_at)"},
};

/* Creates the triggers that write a history row when a row of `source` is inserted,
 * updated or deleted, at the position of the event being applied: the last in `events`. */
static void create_history_triggers(const struct history_source *source) {
    static const char *const operations[] = {"INSERT", "UPDATE", "DELETE"};
    for (int i = 0; i < 3; i++) {
        int deleting = i == 2;
        char sql[1024];
        snprintf(sql, sizeof sql,
                 "CREATE TRIGGER %s_history_%d AFTER %s ON %s BEGIN "
                 "INSERT OR REPLACE INTO history(model, key, position, row) "
                 "VALUES('%s', %s.%s, (SELECT max(position) FROM events), %s); END",
                 source->table, i, operations[i], source->table, source->table, deleting ? "OLD" : "NEW", source->key,
                 deleting ? "NULL" : source->row);
        sqlite_execute(sql);
    }
}

/* The prepared statements, by what they do. */
static struct {
    sqlite3_stmt *stream_head, *insert_event;
    sqlite3_stmt *artist_deleted, *song_deleted, *category_deleted, *animal_deleted, *category_holding, *favorite;
    sqlite3_stmt *favorite_at;
    sqlite3_stmt *create_artist, *rename_artist, *delete_artist, *unlink_artist_songs, *restore_artist;
    sqlite3_stmt *add_song, *retitle_song, *reassign_song, *delete_song, *song_leaves_artist, *song_joins_artist;
    sqlite3_stmt *restore_song, *artist_gains_song;
    sqlite3_stmt *create_category, *rename_category, *delete_category, *link_category_animals, *delete_category_animals;
    sqlite3_stmt *uncategorize_category_animals, *restore_category;
    sqlite3_stmt *add_animal, *rename_animal, *change_diet, *recategorize_animal, *remove_animal;
    sqlite3_stmt *animal_leaves_category, *animal_joins_category, *restore_animal, *category_gains_animal;
    sqlite3_stmt *add_favorite, *remove_favorite;
} statements;

static void prepare_statements(void) {
    statements.stream_head = sqlite_prepare("SELECT max(version) FROM events WHERE stream = ?1");
    statements.insert_event = sqlite_prepare(
        "INSERT INTO events(position, id, stream, version, type, data, recorded_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");

    /* Rules: whether an entity is deleted (no row: it does not exist). */
    statements.artist_deleted = sqlite_prepare("SELECT deleted FROM artists WHERE artist_id = ?1");
    statements.song_deleted = sqlite_prepare("SELECT deleted FROM songs WHERE song_id = ?1");
    statements.category_deleted = sqlite_prepare("SELECT deleted FROM categories WHERE category_id = ?1");
    statements.animal_deleted = sqlite_prepare("SELECT deleted FROM animals WHERE animal_id = ?1");
    statements.category_holding =
        sqlite_prepare("SELECT category_id FROM categories WHERE lower(name) = lower(?1) AND deleted = 0");
    statements.favorite = sqlite_prepare("SELECT 1 FROM favorites WHERE dish_id = ?1");
    statements.favorite_at = sqlite_prepare("SELECT dish_id FROM favorites WHERE position = ?1");

    /* Music: songs added before their artist count for it once it is created. */
    statements.create_artist = sqlite_prepare(
        "INSERT INTO artists(artist_id, name, song_count, deleted) "
        "VALUES(?1, ?2, (SELECT count(*) FROM songs WHERE artist_id = ?1 AND deleted = 0), 0)");
    statements.rename_artist = sqlite_prepare("UPDATE artists SET name = ?2 WHERE artist_id = ?1");
    statements.delete_artist = sqlite_prepare("UPDATE artists SET deleted = 1 WHERE artist_id = ?1");
    statements.unlink_artist_songs = sqlite_prepare("UPDATE songs SET artist_id = NULL WHERE artist_id = ?1 AND deleted = 0");
    /* A restored artist is live with its name and the live songs naming it (none when it was deleted). */
    statements.restore_artist = sqlite_prepare(
        "UPDATE artists SET name = ?2, deleted = 0, "
        "song_count = (SELECT count(*) FROM songs WHERE artist_id = ?1 AND deleted = 0) WHERE artist_id = ?1");
    statements.add_song = sqlite_prepare(
        "INSERT INTO songs(song_id, title, artist_id, duration_seconds, deleted) VALUES(?1, ?2, ?3, ?4, 0)");
    statements.retitle_song = sqlite_prepare("UPDATE songs SET title = ?2 WHERE song_id = ?1");
    statements.reassign_song = sqlite_prepare("UPDATE songs SET artist_id = ?2 WHERE song_id = ?1");
    statements.delete_song = sqlite_prepare("UPDATE songs SET deleted = 1 WHERE song_id = ?1");
    statements.restore_song = sqlite_prepare(
        "UPDATE songs SET title = ?2, artist_id = ?3, duration_seconds = ?4, deleted = 0 WHERE song_id = ?1");
    /* A deleted song brought back counts for its artist. */
    statements.artist_gains_song = sqlite_prepare("UPDATE artists SET song_count = song_count + 1 WHERE artist_id = ?1 AND deleted = 0");
    /* Song counts, before the song ?1 moves to the artist ?2 (NULL: none, or deleted). */
    statements.song_leaves_artist = sqlite_prepare(
        "UPDATE artists SET song_count = song_count - 1 "
        "WHERE artist_id = (SELECT artist_id FROM songs WHERE song_id = ?1) AND artist_id IS NOT ?2 AND deleted = 0");
    statements.song_joins_artist = sqlite_prepare(
        "UPDATE artists SET song_count = song_count + 1 "
        "WHERE artist_id = ?2 AND deleted = 0 AND artist_id IS NOT (SELECT artist_id FROM songs WHERE song_id = ?1)");

    /* Animals: the same shape, and a deleted category takes its animals with it. */
    statements.create_category = sqlite_prepare(
        "INSERT INTO categories(category_id, name, animal_count, deleted) "
        "VALUES(?1, ?2, (SELECT count(*) FROM animals WHERE category_id = ?1 AND deleted = 0), 0)");
    statements.rename_category = sqlite_prepare("UPDATE categories SET name = ?2 WHERE category_id = ?1");
    statements.delete_category = sqlite_prepare("UPDATE categories SET deleted = 1 WHERE category_id = ?1");
    statements.link_category_animals = sqlite_prepare(
        "INSERT INTO stream_links(stream, position) "
        "SELECT 'animal-' || animal_id, ?2 FROM animals WHERE category_id = ?1 AND deleted = 0");
    statements.delete_category_animals = sqlite_prepare("UPDATE animals SET deleted = 1 WHERE category_id = ?1 AND deleted = 0");
    /* A category removed by a restore leaves its animals without a category. */
    statements.uncategorize_category_animals =
        sqlite_prepare("UPDATE animals SET category_id = NULL WHERE category_id = ?1 AND deleted = 0");
    statements.restore_category = sqlite_prepare(
        "UPDATE categories SET name = ?2, deleted = 0, "
        "animal_count = (SELECT count(*) FROM animals WHERE category_id = ?1 AND deleted = 0) WHERE category_id = ?1");
    statements.add_animal = sqlite_prepare(
        "INSERT INTO animals(animal_id, name, diet, category_id, deleted) VALUES(?1, ?2, ?3, ?4, 0)");
    statements.rename_animal = sqlite_prepare("UPDATE animals SET name = ?2 WHERE animal_id = ?1");
    statements.change_diet = sqlite_prepare("UPDATE animals SET diet = ?2 WHERE animal_id = ?1");
    statements.recategorize_animal = sqlite_prepare("UPDATE animals SET category_id = ?2 WHERE animal_id = ?1");
    statements.remove_animal = sqlite_prepare("UPDATE animals SET deleted = 1 WHERE animal_id = ?1");
    statements.restore_animal = sqlite_prepare(
        "UPDATE animals SET name = ?2, diet = ?3, category_id = ?4, deleted = 0 WHERE animal_id = ?1");
    statements.category_gains_animal =
        sqlite_prepare("UPDATE categories SET animal_count = animal_count + 1 WHERE category_id = ?1 AND deleted = 0");
    statements.animal_leaves_category = sqlite_prepare(
        "UPDATE categories SET animal_count = animal_count - 1 "
        "WHERE category_id = (SELECT category_id FROM animals WHERE animal_id = ?1) AND category_id IS NOT ?2 "
        "AND deleted = 0");
    statements.animal_joins_category = sqlite_prepare(
        "UPDATE categories SET animal_count = animal_count + 1 "
        "WHERE category_id = ?2 AND deleted = 0 AND category_id IS NOT (SELECT category_id FROM animals WHERE animal_id = ?1)");

    /* Favourites. */
    statements.add_favorite = sqlite_prepare("INSERT INTO favorites(dish_id, position, added_at) VALUES(?1, ?2, ?3)");
    statements.remove_favorite = sqlite_prepare("DELETE FROM favorites WHERE dish_id = ?1");
}

/* Binds `text` to parameter `index`, NULL when it is absent. */
static void bind_text(sqlite3_stmt *statement, int index, struct text text) {
    if (text.bytes) sqlite3_bind_text(statement, index, text.bytes, text.length, SQLITE_STATIC);
    else sqlite3_bind_null(statement, index);
}

/* Runs `statement` with the text parameters ?1 and ?2 (`second` may be {NULL}: NULL). */
static void run2(sqlite3_stmt *statement, struct text first, struct text second) {
    bind_text(statement, 1, first);
    bind_text(statement, 2, second);
    sqlite_run(statement);
}

/* Runs `statement` with the text parameter ?1. */
static void run1(sqlite3_stmt *statement, struct text first) {
    bind_text(statement, 1, first);
    sqlite_run(statement);
}

/* Stops the run: the events are valid, so the peer stores something wrongly. */
static void refuse(const char *rule, struct text subject) {
    char detail[512];
    snprintf(detail, sizeof detail, "%.*s", subject.length, subject.bytes);
    baseline_fail(rule, detail);
}

/* Refuses unless the `deleted` query finds the entity `id`; returns whether it is deleted. */
static int require_known(sqlite3_stmt *deleted_query, struct text id, const char *kind) {
    bind_text(deleted_query, 1, id);
    if (!sqlite_row(deleted_query)) refuse(kind, id);
    int deleted = sqlite3_column_int(deleted_query, 0);
    sqlite_reset(deleted_query);
    return deleted;
}

/* Refuses unless the `deleted` query finds the entity `id` and it is not deleted. */
static void require_live(sqlite3_stmt *deleted_query, struct text id, const char *kind) {
    if (require_known(deleted_query, id, kind)) refuse(kind, id);
}

/* Refuses when `query` (its parameters bound) finds a row whose first column is not `owner`. */
static void require_owned(sqlite3_stmt *query, const char *rule, struct text owner) {
    if (!sqlite_row(query)) return;
    const char *holder = (const char *)sqlite3_column_text(query, 0);
    int same = holder && (int)strlen(holder) == owner.length && memcmp(holder, owner.bytes, (size_t)owner.length) == 0;
    sqlite_reset(query);
    if (!same) refuse(rule, owner);
}

/* Refuses when another live category holds `name`, ignoring case. */
static void require_unique_category_name(struct text name, struct text category_id) {
    bind_text(statements.category_holding, 1, name);
    require_owned(statements.category_holding, "category name must be unique", category_id);
}

/* Refuses unless `dish_id` is a favourite exactly when `must_be` says. */
static void require_favorite(struct text dish_id, int must_be) {
    bind_text(statements.favorite, 1, dish_id);
    int is = sqlite_row(statements.favorite);
    if (is) sqlite_reset(statements.favorite);
    if (is != must_be) refuse(must_be ? "dish is not a favourite" : "dish is already a favourite", dish_id);
}

/* What one event handler gets: the payload, and the event's place in the log. */
struct handled_event {
    const struct payload *payload;
    uint64_t position;
    int64_t recorded_at;
};

/* The string field `name` of the event's payload, which must be there. */
static struct text field(const struct handled_event *event, const char *name) {
    return payload_required_text(event->payload, name);
}

/* The event handlers, one per event type: each checks the event's rules, then makes the
 * changes the domain's apply makes (song and animal counts move before the row they count). */

static void artist_created(const struct handled_event *event) {
    run2(statements.create_artist, field(event, "artistId"), field(event, "name"));
}

static void artist_renamed(const struct handled_event *event) {
    struct text artist_id = field(event, "artistId");
    require_live(statements.artist_deleted, artist_id, "artist must be live");
    run2(statements.rename_artist, artist_id, field(event, "name"));
}

/* Deletes the artist; its songs lose it. */
static void delete_artist(struct text artist_id) {
    run1(statements.delete_artist, artist_id);
    run1(statements.unlink_artist_songs, artist_id);
}

static void artist_deleted(const struct handled_event *event) {
    struct text artist_id = field(event, "artistId");
    require_live(statements.artist_deleted, artist_id, "artist must be live");
    delete_artist(artist_id);
}

/* Runs `statement`, a song's insert or update, with the song id, title, artist and duration. */
static void write_song(sqlite3_stmt *statement, const struct handled_event *event, struct text song_id, struct text artist_id) {
    int64_t duration;
    bind_text(statement, 1, song_id);
    bind_text(statement, 2, field(event, "title"));
    bind_text(statement, 3, artist_id);
    if (payload_number(event->payload, "durationSeconds", &duration)) sqlite3_bind_int64(statement, 4, duration);
    else sqlite3_bind_null(statement, 4);
    sqlite_run(statement);
}

static void song_added(const struct handled_event *event) {
    struct text song_id = field(event, "songId"), artist_id = payload_text(event->payload, "artistId");
    if (artist_id.bytes) require_live(statements.artist_deleted, artist_id, "artist must be live");
    run2(statements.song_joins_artist, song_id, artist_id);
    write_song(statements.add_song, event, song_id, artist_id);
}

static void song_retitled(const struct handled_event *event) {
    struct text song_id = field(event, "songId");
    require_live(statements.song_deleted, song_id, "song must be live");
    run2(statements.retitle_song, song_id, field(event, "title"));
}

static void song_reassigned(const struct handled_event *event) {
    struct text song_id = field(event, "songId"), artist_id = payload_text(event->payload, "artistId");
    require_live(statements.song_deleted, song_id, "song must be live");
    if (artist_id.bytes) require_live(statements.artist_deleted, artist_id, "artist must be live");
    run2(statements.song_leaves_artist, song_id, artist_id);
    run2(statements.song_joins_artist, song_id, artist_id);
    run2(statements.reassign_song, song_id, artist_id);
}

static void song_deleted(const struct handled_event *event) {
    struct text song_id = field(event, "songId"), none = {NULL, 0};
    require_live(statements.song_deleted, song_id, "song must be live");
    run2(statements.song_leaves_artist, song_id, none);
    run1(statements.delete_song, song_id);
}

static void category_created(const struct handled_event *event) {
    struct text category_id = field(event, "categoryId"), name = field(event, "name");
    require_unique_category_name(name, category_id);
    run2(statements.create_category, category_id, name);
}

static void category_renamed(const struct handled_event *event) {
    struct text category_id = field(event, "categoryId"), name = field(event, "name");
    require_live(statements.category_deleted, category_id, "category must be live");
    require_unique_category_name(name, category_id);
    run2(statements.rename_category, category_id, name);
}

/* Deletes the category, links the event to its live animals' streams and runs `animals`
 * (their removal, or their loss of the category) on them. */
static void delete_category(const struct handled_event *event, struct text category_id, sqlite3_stmt *animals) {
    run1(statements.delete_category, category_id);
    bind_text(statements.link_category_animals, 1, category_id);
    sqlite3_bind_int64(statements.link_category_animals, 2, (sqlite3_int64)event->position);
    sqlite_run(statements.link_category_animals);
    run1(animals, category_id);
}

static void category_deleted(const struct handled_event *event) {
    struct text category_id = field(event, "categoryId");
    require_live(statements.category_deleted, category_id, "category must be live");
    delete_category(event, category_id, statements.delete_category_animals);
}

/* Runs `statement`, an animal's insert or update, with the animal id, name, diet and category. */
static void write_animal(sqlite3_stmt *statement, const struct handled_event *event, struct text animal_id,
                         struct text category_id) {
    bind_text(statement, 1, animal_id);
    bind_text(statement, 2, field(event, "name"));
    bind_text(statement, 3, field(event, "diet"));
    bind_text(statement, 4, category_id);
    sqlite_run(statement);
}

static void animal_added(const struct handled_event *event) {
    struct text animal_id = field(event, "animalId"), category_id = payload_text(event->payload, "categoryId");
    if (category_id.bytes) require_live(statements.category_deleted, category_id, "category must be live");
    run2(statements.animal_joins_category, animal_id, category_id);
    write_animal(statements.add_animal, event, animal_id, category_id);
}

static void animal_renamed(const struct handled_event *event) {
    struct text animal_id = field(event, "animalId");
    require_live(statements.animal_deleted, animal_id, "animal must be live");
    run2(statements.rename_animal, animal_id, field(event, "name"));
}

static void animal_diet_changed(const struct handled_event *event) {
    struct text animal_id = field(event, "animalId");
    require_live(statements.animal_deleted, animal_id, "animal must be live");
    run2(statements.change_diet, animal_id, field(event, "diet"));
}

static void animal_recategorized(const struct handled_event *event) {
    struct text animal_id = field(event, "animalId"), category_id = payload_text(event->payload, "categoryId");
    require_live(statements.animal_deleted, animal_id, "animal must be live");
    if (category_id.bytes) require_live(statements.category_deleted, category_id, "category must be live");
    run2(statements.animal_leaves_category, animal_id, category_id);
    run2(statements.animal_joins_category, animal_id, category_id);
    run2(statements.recategorize_animal, animal_id, category_id);
}

static void animal_removed(const struct handled_event *event) {
    struct text animal_id = field(event, "animalId"), none = {NULL, 0};
    require_live(statements.animal_deleted, animal_id, "animal must be live");
    run2(statements.animal_leaves_category, animal_id, none);
    run1(statements.remove_animal, animal_id);
}

/* Makes the dish a favourite at `position`, added at `added_at`. */
static void add_favorite(struct text dish_id, int64_t position, int64_t added_at) {
    bind_text(statements.add_favorite, 1, dish_id);
    sqlite3_bind_int64(statements.add_favorite, 2, position);
    sqlite3_bind_int64(statements.add_favorite, 3, added_at);
    sqlite_run(statements.add_favorite);
}

static void favorite_added(const struct handled_event *event) {
    struct text dish_id = field(event, "dishId");
    require_favorite(dish_id, 0);
    add_favorite(dish_id, (int64_t)event->position, event->recorded_at);
}

static void favorite_removed(const struct handled_event *event) {
    struct text dish_id = field(event, "dishId");
    require_favorite(dish_id, 1);
    run1(statements.remove_favorite, dish_id);
}

/* The restores (undo): an entity that exists, live with the state the event carries, or
 * removed when it carries none (a category without its animals). */

static void artist_restored(const struct handled_event *event) {
    struct text artist_id = field(event, "artistId"), name = payload_text(event->payload, "name");
    require_known(statements.artist_deleted, artist_id, "artist must exist");
    if (name.bytes) run2(statements.restore_artist, artist_id, name);
    else delete_artist(artist_id);
}

static void song_restored(const struct handled_event *event) {
    struct text song_id = field(event, "songId"), artist_id = payload_text(event->payload, "artistId"), none = {NULL, 0};
    int deleted = require_known(statements.song_deleted, song_id, "song must exist");
    if (!payload_text(event->payload, "title").bytes) {
        if (!deleted) {
            run2(statements.song_leaves_artist, song_id, none);
            run1(statements.delete_song, song_id);
        }
        return;
    }
    if (artist_id.bytes) require_live(statements.artist_deleted, artist_id, "artist must be live");
    if (!deleted) {
        run2(statements.song_leaves_artist, song_id, artist_id);
        run2(statements.song_joins_artist, song_id, artist_id);
    } else if (artist_id.bytes) {
        run1(statements.artist_gains_song, artist_id);
    }
    write_song(statements.restore_song, event, song_id, artist_id);
}

static void category_restored(const struct handled_event *event) {
    struct text category_id = field(event, "categoryId"), name = payload_text(event->payload, "name");
    require_known(statements.category_deleted, category_id, "category must exist");
    if (!name.bytes) {
        delete_category(event, category_id, statements.uncategorize_category_animals);
        return;
    }
    require_unique_category_name(name, category_id);
    run2(statements.restore_category, category_id, name);
}

static void animal_restored(const struct handled_event *event) {
    struct text animal_id = field(event, "animalId"), category_id = payload_text(event->payload, "categoryId"), none = {NULL, 0};
    int deleted = require_known(statements.animal_deleted, animal_id, "animal must exist");
    if (!payload_text(event->payload, "name").bytes) {
        if (!deleted) {
            run2(statements.animal_leaves_category, animal_id, none);
            run1(statements.remove_animal, animal_id);
        }
        return;
    }
    if (category_id.bytes) require_live(statements.category_deleted, category_id, "category must be live");
    if (!deleted) {
        run2(statements.animal_leaves_category, animal_id, category_id);
        run2(statements.animal_joins_category, animal_id, category_id);
    } else if (category_id.bytes) {
        run1(statements.category_gains_animal, category_id);
    }
    write_animal(statements.restore_animal, event, animal_id, category_id);
}

static void favorite_restored(const struct handled_event *event) {
    struct text dish_id = field(event, "dishId");
    int64_t position, added_at;
    int placed = payload_number(event->payload, "position", &position);
    if (placed) {
        sqlite3_bind_int64(statements.favorite_at, 1, position);
        require_owned(statements.favorite_at, "favourite position must not be held by another dish", dish_id);
    }
    run1(statements.remove_favorite, dish_id);
    if (placed && payload_number(event->payload, "addedAt", &added_at)) add_favorite(dish_id, position, added_at);
}

/* Each event type with what it does. */
static const struct {
    const char *type;
    void (*apply)(const struct handled_event *event);
} handlers[] = {
    {"ArtistCreated", artist_created},     {"ArtistRenamed", artist_renamed},
    {"ArtistDeleted", artist_deleted},     {"SongAdded", song_added},
    {"SongRetitled", song_retitled},       {"SongReassigned", song_reassigned},
    {"SongDeleted", song_deleted},         {"CategoryCreated", category_created},
    {"CategoryRenamed", category_renamed}, {"CategoryDeleted", category_deleted},
    {"AnimalAdded", animal_added},         {"AnimalRenamed", animal_renamed},
    {"AnimalDietChanged", animal_diet_changed}, {"AnimalRecategorized", animal_recategorized},
    {"AnimalRemoved", animal_removed},     {"FavoriteAdded", favorite_added},
    {"FavoriteRemoved", favorite_removed}, {"ArtistRestored", artist_restored},
    {"SongRestored", song_restored},       {"CategoryRestored", category_restored},
    {"AnimalRestored", animal_restored},   {"FavoriteRestored", favorite_restored},
};

/* Creates the tables, indexes and triggers, and prepares the statements. */
static void open_database(const char *db_path, const struct baseline_events *events) {
    (void)events;
    sqlite_open_durable(db_path);
    /* A 64 MiB page cache instead of SQLite's 2 MiB: with a dozen indexes, a large commit
     * otherwise spills pages to the WAL before it ends (the ledger holds its whole commit). */
    sqlite_execute("PRAGMA cache_size=-65536");
    sqlite_execute(schema);
    for (size_t i = 0; i < sizeof history_sources / sizeof history_sources[0]; i++) create_history_triggers(&history_sources[i]);
    prepare_statements();
}

static void begin(void) {
    sqlite_execute("BEGIN");
}

/* Refuses unless `version` follows the head of the event's stream (1: a new stream). */
static void require_next_version(const struct baseline_event *event) {
    sqlite3_bind_text(statements.stream_head, 1, event->stream, event->stream_length, SQLITE_STATIC);
    sqlite3_int64 head = 0;
    if (sqlite_row(statements.stream_head)) {
        head = sqlite3_column_int64(statements.stream_head, 0);
        sqlite_reset(statements.stream_head);
    }
    struct text stream = {event->stream, event->stream_length};
    if ((uint64_t)head + 1 != event->version) refuse("unexpected stream version", stream);
}

/* Stores one event, checking its stream version and rules, and changes the read models. */
static void append(const struct baseline_event *event, uint64_t position, int64_t recorded_at) {
    static struct payload payload;
    size_t handler = 0, handler_count = sizeof handlers / sizeof handlers[0];
    while (handler < handler_count && !(strlen(handlers[handler].type) == event->type_length &&
                                        memcmp(handlers[handler].type, event->type, event->type_length) == 0))
        handler++;
    if (handler == handler_count) refuse("unknown event type", (struct text){event->type, event->type_length});
    payload_read(&payload, event->data, (int)event->data_length, "event payload");
    require_next_version(event);

    sqlite_insert_event(statements.insert_event, event, (sqlite3_int64)position, recorded_at);

    struct handled_event handled = {&payload, position, recorded_at};
    handlers[handler].apply(&handled);
}

static void commit(void) {
    sqlite_execute("COMMIT");
}

/* Prints what is stored, and fails when a stored count disagrees with the rows it counts. */
static void finish(void) {
    fprintf(stderr,
            "sqlite-same-work: %lld events; live: %lld artists, %lld songs, %lld categories, %lld animals, "
            "%lld favourites; %lld history rows, %lld stream links\n",
            sqlite_count("SELECT count(*) FROM events"), sqlite_count("SELECT count(*) FROM artists WHERE deleted = 0"),
            sqlite_count("SELECT count(*) FROM songs WHERE deleted = 0"),
            sqlite_count("SELECT count(*) FROM categories WHERE deleted = 0"),
            sqlite_count("SELECT count(*) FROM animals WHERE deleted = 0"), sqlite_count("SELECT count(*) FROM favorites"),
            sqlite_count("SELECT count(*) FROM history"), sqlite_count("SELECT count(*) FROM stream_links"));
    if (sqlite_count("SELECT count(*) FROM artists a WHERE deleted = 0 AND song_count != "
                     "(SELECT count(*) FROM songs s WHERE s.artist_id = a.artist_id AND s.deleted = 0)") != 0)
        baseline_fail("sqlite-same-work", "an artist's song count differs from its live songs");
    if (sqlite_count("SELECT count(*) FROM categories c WHERE deleted = 0 AND animal_count != "
                     "(SELECT count(*) FROM animals a WHERE a.category_id = c.category_id AND a.deleted = 0)") != 0)
        baseline_fail("sqlite-same-work", "a category's animal count differs from its live animals");
    sqlite3_close_v2(sqlite_db);
}

int main(int argc, char **argv) {
    static const struct baseline_engine engine = {open_database, begin, append, commit, finish};
    return baseline_run_appends(argc, argv, &engine);
}
