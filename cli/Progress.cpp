#include "cli/Progress.h"

#include <cstdio>
#include <unistd.h>

namespace alint {

Progress::Progress(size_t total, bool allowed)
    : total_(total), enabled_(allowed && total >= kMinFiles && ::isatty(STDERR_FILENO)) {}

void Progress::step(const std::string &file) {
  if (!enabled_)
    return;
  std::lock_guard<std::mutex> lock(mu_);
  ++done_;
  // \r and "erase to end of line": the next step overwrites this one.
  std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", done_, total_, file.c_str());
  std::fflush(stderr);
  shown_ = true;
}

void Progress::finish() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!shown_)
    return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

} // namespace alint
