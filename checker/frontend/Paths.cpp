#include "checker/frontend/Paths.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <cstdio>
#include <cstdlib>

namespace alint {

static std::string gExe;

void setExecutablePath(const std::string &argv0) {
  static int anchor;
  gExe = llvm::sys::fs::getMainExecutable(argv0.c_str(), &anchor);
}

static bool isDir(const std::string &p) { return !p.empty() && llvm::sys::fs::is_directory(p); }

static std::string exeDir() {
  if (gExe.empty())
    return "";
  return std::string(llvm::sys::path::parent_path(gExe));
}

std::string findApiDir() {
  if (const char *env = std::getenv("ASCENDC_LINT_API_DIR"); env && isDir(env))
    return env;
  std::string dir = exeDir();
  if (!dir.empty()) {
    // installed: <prefix>/bin/ascendc-lint -> <prefix>/share/ascendc-lint/include
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, "..", "share", "ascendc-lint", "include");
    if (isDir(std::string(p)) && llvm::sys::fs::exists(std::string(p) + "/kernel_operator.h"))
      return std::string(p);
  }
  if (isDir(ALINT_SOURCE_API_DIR))
    return ALINT_SOURCE_API_DIR;
  return "";
}

std::string findResourceDir() {
  auto valid = [](const std::string &d) { return isDir(d) && llvm::sys::fs::exists(d + "/include/stddef.h"); };
  if (const char *env = std::getenv("ASCENDC_LINT_RESOURCE_DIR"); env && valid(env))
    return env;
  std::string dir = exeDir();
  if (!dir.empty()) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, "..", "lib", "clang", "19");
    if (valid(std::string(p)))
      return std::string(p);
  }
  if (valid(ALINT_CLANG_RESOURCE_DIR))
    return ALINT_CLANG_RESOURCE_DIR;
  // Last resort: ask an installed clang-19.
  for (const char *c : {"clang-19", "clang++-19", ALINT_CLANG_BINARY}) {
    auto prog = llvm::sys::findProgramByName(c);
    std::string path = prog ? *prog : (llvm::sys::fs::exists(c) ? std::string(c) : "");
    if (path.empty())
      continue;
    std::string cmd = path + " -print-resource-dir 2>/dev/null";
    if (FILE *f = popen(cmd.c_str(), "r")) {
      char buf[1024];
      std::string out;
      while (fgets(buf, sizeof buf, f))
        out += buf;
      pclose(f);
      while (!out.empty() && (out.back() == '\n' || out.back() == '\r'))
        out.pop_back();
      if (valid(out))
        return out;
    }
  }
  return "";
}

} // namespace alint
