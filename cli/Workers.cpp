#include "cli/Workers.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <poll.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

namespace alint {

namespace {

// Worker -> driver messages on a pipe: kind ('S' started item, 'R' result),
// item index, payload length, payload.
constexpr size_t kHeader = 1 + 8 + 8;

bool writeAll(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    p += w;
    n -= size_t(w);
  }
  return true;
}

bool send(int fd, char kind, uint64_t index, const std::string &payload) {
  char head[kHeader];
  uint64_t len = payload.size();
  head[0] = kind;
  std::memcpy(head + 1, &index, 8);
  std::memcpy(head + 9, &len, 8);
  return writeAll(fd, head, kHeader) && writeAll(fd, payload.data(), payload.size());
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::string buf;
  bool busy = false; // started an item it has not returned
  uint64_t current = 0;
};

std::string describeExit(int status) {
  if (WIFSIGNALED(status))
    return "the analysis crashed (signal " + std::to_string(WTERMSIG(status)) + ", " + strsignal(WTERMSIG(status)) +
           ")";
  if (WIFEXITED(status))
    return "the worker process exited with status " + std::to_string(WEXITSTATUS(status));
  return "the worker process ended";
}

} // namespace

unsigned availableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return unsigned(CPU_COUNT(&set));
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? unsigned(n) : 1;
}

std::vector<WorkerOutcome> runInWorkers(size_t n, unsigned jobs, const std::function<std::string(size_t)> &work,
                                        const std::function<void(size_t)> &started) {
  std::vector<WorkerOutcome> out(n);
  if (n == 0)
    return out;
  void *mem = mmap(nullptr, sizeof(std::atomic<uint64_t>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) { // no shared counter: do the work here
    for (size_t i = 0; i < n; ++i) {
      if (started)
        started(i);
      out[i].result = work(i);
    }
    return out;
  }
  auto *next = new (mem) std::atomic<uint64_t>(0); // the next item to take, shared by the workers
  std::vector<Worker> workers;
  auto spawn = [&]() -> bool {
    int fds[2];
    if (pipe(fds) != 0)
      return false;
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    pid_t pid = fork();
    if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      return false;
    }
    if (pid == 0) {
      close(fds[0]);
      for (Worker &w : workers)
        if (w.fd >= 0)
          close(w.fd);
      for (;;) {
        uint64_t i = next->fetch_add(1);
        if (i >= n)
          break;
        if (!send(fds[1], 'S', i, std::string()))
          _exit(1);
        std::string r = work(size_t(i));
        if (!send(fds[1], 'R', i, r))
          _exit(1);
      }
      _exit(0); // no destructors: the driver owns the output
    }
    close(fds[1]);
    Worker w;
    w.pid = pid;
    w.fd = fds[0];
    workers.push_back(std::move(w));
    return true;
  };
  for (unsigned k = 0; k < std::min<size_t>(std::max(jobs, 1u), n); ++k)
    if (!spawn())
      break;
  size_t respawns = 0;
  std::vector<char> chunk(1 << 16);
  for (;;) {
    std::vector<pollfd> fds;
    std::vector<size_t> which;
    for (size_t k = 0; k < workers.size(); ++k)
      if (workers[k].fd >= 0) {
        fds.push_back({workers[k].fd, POLLIN, 0});
        which.push_back(k);
      }
    if (fds.empty())
      break;
    if (poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    bool lost = false;
    for (size_t f = 0; f < fds.size(); ++f) {
      if (!fds[f].revents)
        continue;
      Worker &w = workers[which[f]];
      ssize_t r = ::read(w.fd, chunk.data(), chunk.size());
      if (r < 0 && errno == EINTR)
        continue;
      if (r > 0) {
        w.buf.append(chunk.data(), size_t(r));
        while (w.buf.size() >= kHeader) {
          uint64_t index = 0, len = 0;
          std::memcpy(&index, w.buf.data() + 1, 8);
          std::memcpy(&len, w.buf.data() + 9, 8);
          if (w.buf.size() < kHeader + len)
            break;
          if (index < n) {
            if (w.buf[0] == 'S') {
              w.busy = true;
              w.current = index;
              if (started)
                started(size_t(index));
            } else {
              out[index].result = w.buf.substr(kHeader, len);
              w.busy = false;
            }
          }
          w.buf.erase(0, kHeader + len);
        }
        continue;
      }
      // End of the pipe: the worker is done or died.
      close(w.fd);
      w.fd = -1;
      int status = 0;
      while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
      }
      if (w.busy)
        out[w.current].failure = describeExit(status);
      w.busy = false;
      lost = true;
    }
    // A worker that died leaves the rest to the others; with none left, or
    // to keep `jobs` busy, a new one takes its place.
    if (lost && next->load() < n && respawns < n) {
      size_t running = 0;
      for (const Worker &w : workers)
        running += w.fd >= 0;
      if (running < std::max(jobs, 1u) && spawn())
        ++respawns;
    }
  }
  for (WorkerOutcome &o : out)
    if (!o.result && o.failure.empty())
      o.failure = "the worker process ended before analysing it";
  next->~atomic();
  munmap(mem, sizeof(std::atomic<uint64_t>));
  return out;
}

} // namespace alint
