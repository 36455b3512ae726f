/* The floor for one durable turn (issue 16): open a caravan-ref database, commit one row the way
 * the referee commits a turn (WAL, synchronous=FULL, BEGIN IMMEDIATE), close. Nothing a referee
 * could skip is left out, nothing it does beyond that is put in. bench/run.sh times `submit`
 * against it. The table `floor_rows (n INTEGER)` must exist (run.sh makes it).
 * Usage: commit-floor DATABASE */
#include <sqlite3.h>
#include <stdio.h>

static int run(sqlite3* db, const char* sql) {
  char* error = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &error) == SQLITE_OK) return 0;
  fprintf(stderr, "commit-floor: %s: %s\n", sql, error ? error : "?");
  sqlite3_free(error);
  return 1;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: commit-floor DATABASE\n");
    return 64;
  }
  sqlite3* db = NULL;
  if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
    fprintf(stderr, "commit-floor: %s: %s\n", argv[1], sqlite3_errmsg(db));
    sqlite3_close(db);
    return 66;
  }
  sqlite3_busy_timeout(db, 5000);
  const int failed = run(db, "PRAGMA journal_mode=WAL") || run(db, "PRAGMA synchronous=FULL") ||
                     run(db, "BEGIN IMMEDIATE") ||
                     run(db, "INSERT INTO floor_rows (n) VALUES (1)") || run(db, "COMMIT");
  sqlite3_close(db);
  return failed ? 70 : 0;
}
