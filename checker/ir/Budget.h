// The limits of one file's analysis (or of one build variant's share of it),
// honoured by every phase: the interpreter, the checks' pair search and Z3.
//
// Results are decided by deterministic units only (interpreter steps, race
// candidate pairs, Z3 resource units), so the same input gives the same
// findings whatever the load. The wall clock is a backstop: when it fires,
// what is left becomes `unknown` with a reason naming the time limit, and the
// firing is reported (never silently a different finding).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace alint {

class Budget {
public:
  using Clock = std::chrono::steady_clock;

  // Wall-clock backstop; a default time_point means none.
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
