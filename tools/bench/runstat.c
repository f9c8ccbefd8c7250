/* runstat: run a command once and report what the kernel measured for it.
 *
 *   runstat TIMEOUT_S STDIN_FILE STDOUT_FILE STDERR_FILE CMD [ARGS...]
 *
 * Prints one line: status utime_us stime_us maxrss_kb minflt majflt wall_us.
 * A small C parent matters for the peak RSS: Linux carries the RSS of the process image
 * an exec replaces into ru_maxrss, so a child forked from Python would report Python's.
 * The command is killed (status 124) after TIMEOUT_S seconds. Built by tools/bench.py. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pid_t child;
static void on_alarm(int sig) { (void)sig; if (child > 0) kill(child, SIGKILL); }

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: runstat TIMEOUT STDIN STDOUT STDERR CMD...\n"); return 2; }
    int timeout = atoi(argv[1]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    child = fork();
    if (child < 0) { perror("fork"); return 2; }
    if (child == 0) {
        int i = open(argv[2], O_RDONLY), o = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644),
            e = open(argv[4], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (i < 0 || o < 0 || e < 0) _exit(126);
        dup2(i, 0); dup2(o, 1); dup2(e, 2);
        execvp(argv[5], argv + 5);
        _exit(127);
    }
    signal(SIGALRM, on_alarm);
    alarm(timeout);
    int status;
    struct rusage ru;
    while (wait4(child, &status, 0, &ru) < 0) {}
    clock_gettime(CLOCK_MONOTONIC, &t1);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) code = 124;
    printf("%d %ld %ld %ld %ld %ld %ld\n", code,
           ru.ru_utime.tv_sec * 1000000L + ru.ru_utime.tv_usec,
           ru.ru_stime.tv_sec * 1000000L + ru.ru_stime.tv_usec,
           ru.ru_maxrss, ru.ru_minflt, ru.ru_majflt,
           (t1.tv_sec - t0.tv_sec) * 1000000L + (t1.tv_nsec - t0.tv_nsec) / 1000);
    return 0;
}
