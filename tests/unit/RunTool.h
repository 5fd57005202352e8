// Runs the ascendc-lint binary for end-to-end tests.
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/wait.h>

namespace alint_test {

struct ToolRun {
  int exitCode = -1;
  std::string out; // stdout
  std::string err; // stderr
};

inline std::string shellQuote(const std::string &s) {
  std::string r = "'";
  for (char c : s) {
    if (c == '\'')
      r += "'\\''";
    else
      r += c;
  }
  return r + "'";
}

inline ToolRun runTool(const std::string &args) {
  static int counter = 0;
  std::string errFile = "/tmp/alint_test_err_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
  // ALINT_TOOL_UNDER_TEST: another build of the tool (scripts/sanitize.sh
  // runs the samples through the sanitized binary with this test driver).
  const char *other = std::getenv("ALINT_TOOL_UNDER_TEST");
  std::string cmd = std::string(other && *other ? other : ALINT_BINARY) + " " + args + " 2>" + errFile;
  ToolRun r;
  FILE *p = popen(cmd.c_str(), "r");
  if (!p)
    return r;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0)
    r.out.append(buf.data(), n);
  int st = pclose(p);
  r.exitCode = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  if (FILE *e = fopen(errFile.c_str(), "r")) {
    while ((n = fread(buf.data(), 1, buf.size(), e)) > 0)
      r.err.append(buf.data(), n);
    fclose(e);
  }
  std::remove(errFile.c_str());
  return r;
}

} // namespace alint_test
