#include "cli/Workers.h"

#include <llvm/Support/ErrorHandling.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <poll.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace alint {

namespace {

using Clock = std::chrono::steady_clock;

// Exit statuses a worker uses to say why it has no result.
constexpr int kExitOutOfMemory = 86; // an allocation failed (the memory limit)
constexpr int kExitException = 87;   // an exception left the analysis (its text was sent)

// Child -> parent messages on a pipe: kind ('R' result, 'E' error text,
// 'P' checkpoint: a partial result), payload length, payload.
constexpr size_t kHeader = 1 + 8;

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

bool send(int fd, char kind, const std::string &payload) {
  char head[kHeader];
  uint64_t len = payload.size();
  head[0] = kind;
  std::memcpy(head + 1, &len, 8);
  return writeAll(fd, head, kHeader) && writeAll(fd, payload.data(), payload.size());
}

[[noreturn]] void outOfMemory() { _exit(kExitOutOfMemory); }

void llvmOutOfMemory(void *, const char *, bool) { outOfMemory(); }

// The pipe to the parent, in a worker (workerCheckpoint).
int checkpointFd = -1;

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  size_t item = 0;
  std::string buf; // bytes of a message not complete yet
  std::optional<std::string> result, partial;
  std::string error;
  Clock::time_point killAt = Clock::time_point::max(); // the wall-clock last resort
  bool killedForTime = false;
  double cpuSeconds = 0; // the worker's CPU time when it ended
};

// The worker's CPU-time limit (RLIMIT_CPU, whole seconds): the analysis
// stops itself at --timeout (Budget.h); this ends a step that cannot stop.
rlim_t cpuLimitOf(const WorkerLimits &limits) { return rlim_t(std::ceil(limits.timeoutSec * (1 + limits.killMargin))); }

// The memory limit of item i, and how a message names it.
uint64_t memoryOf(const WorkerLimits &limits, size_t i) {
  return i < limits.itemMemoryBytes.size() && limits.itemMemoryBytes[i] ? limits.itemMemoryBytes[i]
                                                                        : limits.maxMemoryBytes;
}
std::string memoryName(const WorkerLimits &limits, size_t i) {
  bool own = i < limits.itemMemoryBytes.size() && limits.itemMemoryBytes[i];
  return (own ? "MaxMemory: " : "--max-memory=") + formatBytes(memoryOf(limits, i));
}

std::string describeEnd(int status, const Worker &w, const WorkerLimits &limits, const std::string &error) {
  if (w.killedForTime)
    return "the wall-clock limit (" + std::to_string(wallLimitSec(limits.timeoutSec)) +
           " s, 3 x --timeout + 5 s) was reached with " + std::to_string(int(w.cpuSeconds)) +
           " s of CPU time used: the machine is too loaded to run it; the file was stopped";
  // RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL at the hard one.
  if (limits.timeoutSec && WIFSIGNALED(status) &&
      (WTERMSIG(status) == SIGXCPU || (WTERMSIG(status) == SIGKILL && w.cpuSeconds >= double(cpuLimitOf(limits)))))
    return "the CPU-time limit (--timeout=" + std::to_string(limits.timeoutSec) +
           " s) was overrun by a step that cannot be interrupted (a Clang parse, a Z3 call); the file was stopped";
  if (WIFEXITED(status) && WEXITSTATUS(status) == kExitOutOfMemory)
    return "the memory limit (" + memoryName(limits, w.item) + ") was reached";
  if (WIFEXITED(status) && WEXITSTATUS(status) == kExitException) {
    if (error.find("out of memory") != std::string::npos || error.find("bad_alloc") != std::string::npos)
      return "the memory limit (" + memoryName(limits, w.item) + ") was reached";
    return "internal error: " + (error.empty() ? std::string("an exception") : error);
  }
  if (WIFSIGNALED(status))
    return "the analysis crashed (signal " + std::to_string(WTERMSIG(status)) + ", " + strsignal(WTERMSIG(status)) +
           ")";
  if (WIFEXITED(status))
    return "the worker process exited with status " + std::to_string(WEXITSTATUS(status));
  return "the worker process ended";
}

// In the child: the limits, then the item. Never returns.
[[noreturn]] void runChild(int fd, size_t i, const WorkerLimits &limits,
                           const std::function<std::string(size_t)> &work) {
  prctl(PR_SET_PDEATHSIG, SIGKILL); // the run was stopped: so is its worker
  rlimit core{0, 0};                // a crashed file leaves no core dump behind
  setrlimit(RLIMIT_CORE, &core);
  if (limits.timeoutSec) { // CPU time counts from the fork
    rlimit cpu{cpuLimitOf(limits), cpuLimitOf(limits) + 5};
    setrlimit(RLIMIT_CPU, &cpu);
  }
  if (uint64_t bytes = memoryOf(limits, i); bytes && memoryLimitSupported()) {
    rlimit as{rlim_t(bytes), rlim_t(bytes)};
    setrlimit(RLIMIT_AS, &as);
  }
  std::set_new_handler(outOfMemory);
  llvm::install_bad_alloc_error_handler(llvmOutOfMemory);
  std::string r;
  checkpointFd = fd;
  try {
    r = work(i);
  } catch (const std::bad_alloc &) {
    outOfMemory();
  } catch (const std::exception &e) {
    send(fd, 'E', e.what());
    _exit(kExitException);
  } catch (...) {
    send(fd, 'E', "an unknown exception");
    _exit(kExitException);
  }
  if (!send(fd, 'R', r))
    _exit(1);
  _exit(0); // no destructors: the parent owns the output
}

// The complete messages at the front of w.buf, taken out: only the last
// checkpoint is kept (each holds everything decided so far).
void drainMessages(Worker &w) {
  size_t pos = 0;
  while (w.buf.size() - pos >= kHeader) {
    uint64_t len = 0;
    std::memcpy(&len, w.buf.data() + pos + 1, 8);
    if (w.buf.size() - pos - kHeader < len)
      break;
    std::string payload = w.buf.substr(pos + kHeader, len);
    switch (w.buf[pos]) {
    case 'R':
      w.result = std::move(payload);
      break;
    case 'P':
      w.partial = std::move(payload);
      break;
    default:
      w.error = std::move(payload);
      break;
    }
    pos += kHeader + len;
  }
  w.buf.erase(0, pos);
}

} // namespace

void workerCheckpoint(const std::string &payload) {
  if (checkpointFd < 0)
    return;
  send(checkpointFd, 'P', payload);
  // ALINT_FAULT_KILL_AFTER_CHECKPOINTS=N (fault injection for tests/stress):
  // the worker kills itself after its N-th checkpoint, as an overrun that
  // nothing could interrupt would.
  static const char *fault = getenv("ALINT_FAULT_KILL_AFTER_CHECKPOINTS");
  static int sent = 0;
  if (fault && ++sent >= atoi(fault))
    raise(SIGKILL);
}

bool inWorker() { return checkpointFd >= 0; }

unsigned availableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return unsigned(CPU_COUNT(&set));
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? unsigned(n) : 1;
}

uint64_t physicalMemory() {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && size > 0 ? uint64_t(pages) * uint64_t(size) : 0;
}

bool memoryLimitSupported() {
#if defined(__SANITIZE_ADDRESS__)
  return false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return false;
#else
  return true;
#endif
#else
  return true;
#endif
}

std::string formatBytes(uint64_t b) {
  const char *units = "KMGT";
  int u = -1;
  while (u < 3 && b >= 1024 && b % 1024 == 0) {
    b /= 1024;
    ++u;
  }
  return std::to_string(b) + (u >= 0 ? std::string(1, units[u]) : std::string());
}

std::vector<WorkerOutcome> runInWorkers(size_t n, unsigned jobs, const WorkerLimits &limits,
                                        const std::function<std::string(size_t)> &work,
                                        const std::function<void(size_t)> &started) {
  std::vector<WorkerOutcome> out(n);
  std::vector<std::string> errors(n);
  std::vector<Worker> running;
  size_t next = 0;
  jobs = std::max(jobs, 1u);
  auto spawn = [&](size_t i) -> bool {
    int fds[2];
    if (pipe(fds) != 0)
      return false;
    // Only the output streams: fflush(NULL) would also wait for stdin's
    // lock, which the language server's reader thread holds while it reads.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      return false;
    }
    if (pid == 0) {
      close(fds[0]);
      for (Worker &w : running)
        close(w.fd);
      runChild(fds[1], i, limits, work);
    }
    close(fds[1]);
    Worker w;
    w.pid = pid;
    w.fd = fds[0];
    w.item = i;
    if (limits.timeoutSec)
      w.killAt = Clock::now() + std::chrono::seconds(wallLimitSec(limits.timeoutSec));
    running.push_back(std::move(w));
    return true;
  };
  std::vector<char> chunk(1 << 16);
  while (next < n || !running.empty()) {
    while (next < n && running.size() < jobs) {
      size_t i = next++;
      if (started)
        started(i);
      if (!spawn(i))
        out[i].failure = std::string("cannot start a worker process: ") + std::strerror(errno);
    }
    if (running.empty())
      continue;
    std::vector<pollfd> fds;
    for (const Worker &w : running)
      fds.push_back({w.fd, POLLIN, 0});
    // Wake for the earliest kill.
    int wait = -1;
    auto now = Clock::now();
    for (const Worker &w : running)
      if (w.killAt != Clock::time_point::max() && !w.killedForTime) {
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(w.killAt - now).count() + 1;
        wait = wait < 0 ? int(std::max<int64_t>(ms, 0)) : std::min(wait, int(std::max<int64_t>(ms, 0)));
      }
    int pr = poll(fds.data(), fds.size(), wait);
    if (pr < 0 && errno != EINTR)
      break;
    now = Clock::now();
    for (Worker &w : running)
      if (!w.killedForTime && now >= w.killAt) {
        kill(w.pid, SIGKILL);
        w.killedForTime = true;
      }
    if (pr <= 0)
      continue;
    for (size_t f = 0; f < fds.size(); ++f) {
      if (!fds[f].revents)
        continue;
      Worker &w = running[f];
      ssize_t r = ::read(w.fd, chunk.data(), chunk.size());
      if (r < 0 && errno == EINTR)
        continue;
      if (r > 0) {
        w.buf.append(chunk.data(), size_t(r));
        drainMessages(w);
        continue;
      }
      // End of the pipe: the worker is done or died.
      close(w.fd);
      w.fd = -1;
      int status = 0;
      rusage ru{};
      while (wait4(w.pid, &status, 0, &ru) < 0 && errno == EINTR) {
      }
      w.cpuSeconds =
          double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
      drainMessages(w);
      if (w.result && w.buf.empty() && WIFEXITED(status) && WEXITSTATUS(status) == 0 && !w.killedForTime) {
        out[w.item].result = std::move(w.result);
      } else {
        out[w.item].failure = describeEnd(status, w, limits, w.error);
        out[w.item].partial = std::move(w.partial);
      }
    }
    running.erase(std::remove_if(running.begin(), running.end(), [](const Worker &w) { return w.fd < 0; }),
                  running.end());
  }
  for (WorkerOutcome &o : out)
    if (!o.result && o.failure.empty())
      o.failure = "the worker process ended before analysing it";
  return out;
}

} // namespace alint
