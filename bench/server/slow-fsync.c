/*
 * A slow disk for the benchmark (built by bench/server/slow-disk.ts with gcc, loaded with
 * LD_PRELOAD): every fsync and fdatasync waits SHINPAN_FSYNC_DELAY_US microseconds (default
 * 4000) before doing the real one, so a process can make at most ~250 durable commits a second,
 * whatever the real disk does. Only the process started with it is slowed. With
 * SHINPAN_FSYNC_COUNT_FILE set, the number of syncs so far is kept in that file, so the
 * benchmark can tell how many results shared each one.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <time.h>

static long delay_us(void) {
  static long cached = -1;
  if (cached < 0) {
    const char *value = getenv("SHINPAN_FSYNC_DELAY_US");
    cached = value ? atol(value) : 4000;
  }
  return cached;
}

static void count_one(void) {
  static long syncs = 0;
  static int fd = -2;
  if (fd == -2) {
    const char *path = getenv("SHINPAN_FSYNC_COUNT_FILE");
    fd = path ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;
  }
  if (fd < 0) return;
  char text[32];
  int length = snprintf(text, sizeof text, "%ld\n", ++syncs);
  if (pwrite(fd, text, (size_t)length, 0) < 0) fd = -1;
}

static void wait_a_while(void) {
  count_one();
  long us = delay_us();
  struct timespec pause = {us / 1000000, (us % 1000000) * 1000};
  while (nanosleep(&pause, &pause) != 0) {
  }
}

int fsync(int fd) {
  static int (*real)(int) = 0;
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  wait_a_while();
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int) = 0;
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  wait_a_while();
  return real(fd);
}
