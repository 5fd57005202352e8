// Small file and shell helpers for the end-to-end tests.
#pragma once

#include "RunTool.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace alint_test {

inline std::string slurp(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void spit(const std::string &path, const std::string &text) {
  std::ofstream o(path);
  o << text;
}

// A fresh temporary folder for one test.
inline std::string freshDir(const std::string &name) {
  std::string dir = "/tmp/alint_" + name + "_" + std::to_string(::getpid());
  std::system(("rm -rf " + shellQuote(dir) + " && mkdir -p " + shellQuote(dir)).c_str());
  return dir;
}

// Runs a shell command; stdout, and the exit status in `status`.
inline std::string shell(const std::string &cmd, int &status) {
  FILE *p = popen(cmd.c_str(), "r");
  std::string out;
  if (!p)
    return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0)
    out.append(buf, n);
  int st = pclose(p);
  status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

inline bool haveProgram(const std::string &name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

} // namespace alint_test
