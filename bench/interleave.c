/* Whole-process timings taken in turns (issue 16). hyperfine runs all of one command's runs
 * before the next command's, so when the disk's sync speed changes between them (this machine's
 * synced commits take 2.2 ms in some minutes and 4.5 ms in others) the ratio of the two medians
 * moves with it. Here every round runs each command once, so each sees the same minutes.
 *
 * Usage: interleave RUNS PREPARE NAME=COMMAND...
 *   PREPARE  a shell command run, untimed, before every run of every command ("" for none)
 *   COMMAND  split at spaces and run without a shell, its output to /dev/null
 * Three untimed rounds come first. Prints the medians as hyperfine's --export-json does
 * ({"results": [{"command": NAME, "median": SECONDS}, ...]}), so that the same jq reads both;
 * a NAME is letters, digits, '-' and '_'. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char** environ;

enum { kWarmup = 3, kMaxCommands = 8, kMaxWords = 64 };

struct Command {
  const char* name;
  char* words[kMaxWords + 1];
  double* seconds;
};

static int compare(const void* a, const void* b) {
  const double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Runs the command once with its output to /dev/null; its time in seconds, or -1 if it did not
 * exit with 0. */
static double run(const struct Command* command, int devnull) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, devnull, STDOUT_FILENO);
  const double start = now();
  pid_t pid;
  int status = 0;
  const int failed = posix_spawnp(&pid, command->words[0], &actions, NULL, command->words, environ);
  if (!failed) waitpid(pid, &status, 0);
  const double seconds = now() - start;
  posix_spawn_file_actions_destroy(&actions);
  return failed || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ? -1 : seconds;
}

static int parse(char* arg, struct Command* command) {
  char* equals = strchr(arg, '=');
  if (!equals || equals == arg) return 0;
  *equals = '\0';
  for (const char* c = arg; *c; ++c)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
          *c == '-' || *c == '_'))
      return 0;
  command->name = arg;
  int n = 0;
  for (char* word = strtok(equals + 1, " "); word; word = strtok(NULL, " ")) {
    if (n == kMaxWords) return 0;
    command->words[n++] = word;
  }
  command->words[n] = NULL;
  return n > 0;
}

int main(int argc, char** argv) {
  const int runs = argc > 1 ? atoi(argv[1]) : 0;
  const int count = argc - 3;
  if (argc < 4 || runs < 1 || count > kMaxCommands) {
    fprintf(stderr, "usage: interleave RUNS PREPARE NAME=COMMAND... (at most %d commands)\n",
            kMaxCommands);
    return 64;
  }
  const char* prepare = argv[2];
  struct Command commands[kMaxCommands];
  for (int i = 0; i < count; ++i) {
    if (!parse(argv[i + 3], &commands[i])) {
      fprintf(stderr, "interleave: '%s' is not NAME=COMMAND\n", argv[i + 3]);
      return 64;
    }
    commands[i].seconds = calloc((size_t)runs, sizeof(double));
    if (!commands[i].seconds) return 71;
  }
  const int devnull = open("/dev/null", O_WRONLY);
  if (devnull < 0) return 71;
  for (int round = 0; round < kWarmup + runs; ++round)
    for (int i = 0; i < count; ++i) {
      if (*prepare && system(prepare) != 0) {
        fprintf(stderr, "interleave: the prepare command failed: %s\n", prepare);
        return 70;
      }
      const double seconds = run(&commands[i], devnull);
      if (seconds < 0) {
        fprintf(stderr, "interleave: %s failed\n", commands[i].name);
        return 70;
      }
      if (round >= kWarmup) commands[i].seconds[round - kWarmup] = seconds;
    }
  printf("{\"results\": [");
  for (int i = 0; i < count; ++i) {
    double* s = commands[i].seconds;
    qsort(s, (size_t)runs, sizeof(double), compare);
    const double median = runs % 2 ? s[runs / 2] : (s[runs / 2 - 1] + s[runs / 2]) / 2;
    printf("%s{\"command\": \"%s\", \"median\": %.9f}", i ? ", " : "", commands[i].name, median);
    free(s);
  }
  printf("]}\n");
  return 0;
}
