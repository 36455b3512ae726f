/* The CPU a whole process takes (issue 62): runs COMMAND with this program's standard input and
 * output, waits for it and appends its user and system CPU time, in microseconds, to FILE as one
 * line "USER SYS". The times are wait4's for that process and every process it waited for
 * (caravan-ref's exec of caravan-ref-mail is the same process), so they count what the command
 * cost the machine, whatever else the machine was doing; wall time would not. GNU time prints the
 * same figures, but in hundredths of a second.
 * Usage: cpu-time FILE COMMAND [ARG...]; exits with COMMAND's status. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>

extern char** environ;

static long long microseconds(struct timeval t) {
  return (long long)t.tv_sec * 1000000 + (long long)t.tv_usec;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: cpu-time FILE COMMAND [ARG...]\n");
    return 64;
  }
  pid_t pid;
  if (posix_spawnp(&pid, argv[2], NULL, NULL, argv + 2, environ) != 0) {
    perror(argv[2]);
    return 127;
  }
  int status = 0;
  struct rusage usage;
  if (wait4(pid, &status, 0, &usage) != pid) {
    perror("wait4");
    return 70;
  }
  FILE* out = fopen(argv[1], "a");
  if (!out) {
    perror(argv[1]);
    return 73;
  }
  fprintf(out, "%lld %lld\n", microseconds(usage.ru_utime), microseconds(usage.ru_stime));
  fclose(out);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
