// "[3/120] file.cpp" on stderr while a run with many files goes on, only when
// stderr is a terminal (never in logs or pipes). Thread-safe: step() may be
// called from worker threads.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>

namespace alint {

class Progress {
public:
  static constexpr size_t kMinFiles = 3; // below this a run is short: no progress
  Progress(size_t total, bool allowed);
  ~Progress() { finish(); }
  void step(const std::string &file); // a file starts
  void finish();                      // clears the line
  bool enabled() const { return enabled_; }

private:
  size_t total_, done_ = 0;
  bool enabled_, shown_ = false;
  std::mutex mu_;
};

} // namespace alint
