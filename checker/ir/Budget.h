// The limits of one file's analysis (or of one build variant's share of it),
// honoured by every phase: the interpreter, the checks' pair search and Z3.
//
// Results are decided by deterministic units only (interpreter steps, race
// candidate pairs, Z3 resource units), so the same input gives the same
// findings whatever the load. The time limit is a backstop, in CPU time (a
// loaded machine slows a file's progress on the wall clock, not the CPU time
// it uses, issue 19): when it fires, what is left becomes `unknown` with a
// reason naming the time limit, and the firing is reported (never silently a
// different finding).
#pragma once

#include <chrono>
#include <cstdint>
#include <ctime>
#include <string>

namespace alint {

// This process's CPU time (all its threads), as a std::chrono clock: its
// time_points cannot be mixed with the wall clock's. Each file runs in a
// forked worker of its own (cli/Workers.h), so this is that file's CPU time.
struct CpuClock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<CpuClock>;
  static constexpr bool is_steady = true; // never goes back
  static time_point now() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return time_point(duration(int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec));
  }
};

class Budget {
public:
  using Clock = CpuClock;

  // CPU-time backstop (the process's CPU time at which it ends); a default
  // time_point means none.
  Clock::time_point deadline{};
  // Z3 resource units (rlimit) the file may spend in total; 0: unlimited.
  uint64_t z3Units = 0;
  // Candidate access pairs sync-race compares per kernel and target; the
  // accesses whose candidates are past it get one `unknown` obligation each.
  unsigned maxRacePairs = 50000;
  // Nearest unordered candidates compared per access (the rest: `unknown`).
  unsigned maxRacePartners = 256;

  // Whether the deadline has passed; the first time, records `phase`.
  bool expired(const char *phase) {
    if (fired_)
      return true;
    if (deadline == Clock::time_point{} || Clock::now() < deadline)
      return false;
    fired_ = true;
    phase_ = phase;
    return true;
  }
  bool fired() const { return fired_; }
  const std::string &firedIn() const { return phase_; }
  // CPU milliseconds left before the deadline (at least 1); 0: no deadline.
  int64_t cpuMsLeft() const {
    if (deadline == Clock::time_point{})
      return 0;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left < 1 ? 1 : left;
  }

  // Z3 units: left to spend, and spent.
  uint64_t z3Left() const { return z3Units == 0 ? UINT64_MAX : (z3Spent_ >= z3Units ? 0 : z3Units - z3Spent_); }
  void spendZ3(uint64_t units) { z3Spent_ += units; }
  uint64_t z3Spent() const { return z3Spent_; }
  // A share handed to one variant or model: its spending and firing count here.
  void absorb(const Budget &share) {
    z3Spent_ += share.z3Spent_;
    if (share.fired_ && !fired_) {
      fired_ = true;
      phase_ = share.phase_;
    }
  }

private:
  bool fired_ = false;
  std::string phase_;
  uint64_t z3Spent_ = 0;
};

} // namespace alint
