// Compiler arguments as kernel repositories have them (bisheng / ccec in
// compile_commands.json): what Clang understands is kept (-I, -D, -isystem,
// -include, -std), the AscendC-specific flags are dropped and used to pick
// the target and the core type when the user named none.
#include "cli/CompileArgs.h"

#include <clang/Tooling/JSONCompilationDatabase.h>
#include <llvm/ADT/SmallString.h>

#include <cstring>
#include <llvm/Support/Path.h>

namespace alint {

namespace {

bool startsWith(const std::string &s, const char *p) { return s.rfind(p, 0) == 0; }

// dav-c220 -> ascend910b, dav-c310/3510 -> ascend950, dav-m300 -> ascend310b,
// dav-2002/m200 -> ascend310p (hardware.md §0 arch table).
void inferFromArch(const std::string &arch, CompileInfo &info) {
  std::string a = arch;
  for (auto &ch : a)
    ch = char(tolower(ch));
  if (a.find("c220") != std::string::npos || a.find("2201") != std::string::npos)
    info.target = "ascend910b";
  else if (a.find("c310") != std::string::npos || a.find("3510") != std::string::npos)
    info.target = "ascend950";
  else if (a.find("m300") != std::string::npos || a.find("3002") != std::string::npos)
    info.target = "ascend310b";
  else if (a.find("m200") != std::string::npos || a.find("2002") != std::string::npos)
    info.target = "ascend310p";
  if (a.find("-vec") != std::string::npos)
    info.core = CoreType::AIV;
  else if (a.find("-cube") != std::string::npos)
    info.core = CoreType::AIC;
}

void inferFromSoc(const std::string &soc, CompileInfo &info) {
  std::string a = soc;
  for (auto &ch : a)
    ch = char(tolower(ch));
  if (a.find("910_93") != std::string::npos || a.find("910_9") != std::string::npos)
    info.target = "ascend910_93";
  else if (a.find("910b") != std::string::npos)
    info.target = "ascend910b";
  else if (a.find("950") != std::string::npos || a.find("910_95") != std::string::npos)
    info.target = "ascend950";
  else if (a.find("310b") != std::string::npos)
    info.target = "ascend310b";
  else if (a.find("310p") != std::string::npos)
    info.target = "ascend310p";
}

} // namespace

CompileInfo sanitizeCompileArgs(const std::vector<std::string> &in, const std::string &sourceFile) {
  CompileInfo info;
  for (size_t i = 0; i < in.size(); ++i) {
    const std::string &a = in[i];
    auto next = [&]() -> std::string { return i + 1 < in.size() ? in[++i] : std::string(); };
    if (a == sourceFile ||
        (!sourceFile.empty() && llvm::sys::path::filename(a) == llvm::sys::path::filename(sourceFile) &&
         a.find(".") != std::string::npos && a[0] != '-'))
      continue;
    if (startsWith(a, "--cce-aicore-arch=") || startsWith(a, "--npu-arch=") || startsWith(a, "-march=") ||
        startsWith(a, "--cce-aicore-arch")) {
      inferFromArch(a.substr(a.find('=') + 1), info);
      continue;
    }
    if (startsWith(a, "--cce-soc-version=") || startsWith(a, "-DSOC_VERSION=")) {
      inferFromSoc(a.substr(a.find('=') + 1), info);
      continue;
    }
    if (a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ" || a == "-mllvm" || a == "-Xclang" || a == "-arch" ||
        a == "--npu-arch" || a == "--cce-aicore-arch") {
      std::string v = next();
      if (a == "--npu-arch" || a == "--cce-aicore-arch")
        inferFromArch(v, info);
      continue;
    }
    if (a == "-c" || a == "-S" || a == "-E" || a == "-xcce" || a == "-xasc" || startsWith(a, "--cce-") ||
        startsWith(a, "-fcce-") || startsWith(a, "--npu-") || startsWith(a, "-O") || startsWith(a, "-g") ||
        startsWith(a, "-W") || startsWith(a, "-M") || startsWith(a, "-f") || startsWith(a, "-m") ||
        startsWith(a, "--target=") || startsWith(a, "-std=") || a == "-x") {
      if (a == "-x")
        next();
      continue; // the linter sets its own language, standard and warnings
    }
    if (a == "-I" || a == "-isystem" || a == "-D" || a == "-U" || a == "-include" || a == "-iquote" ||
        a == "-idirafter") {
      std::string v = next();
      info.args.push_back(a);
      info.args.push_back(v);
      continue;
    }
    if (startsWith(a, "-I") || startsWith(a, "-D") || startsWith(a, "-U") || startsWith(a, "-isystem") ||
        startsWith(a, "-iquote") || startsWith(a, "-idirafter") || startsWith(a, "-include")) {
      info.args.push_back(a);
      continue;
    }
    if (!a.empty() && a[0] != '-')
      continue; // the compiler itself, other inputs
    // anything else unknown to Clang's C++ mode is dropped
  }
  return info;
}

std::vector<CompileEntry> loadCompileCommands(const std::string &buildDir, std::string &error) {
  std::vector<CompileEntry> out;
  std::string err;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromDirectory(buildDir, err);
  if (!db) {
    error = buildDir + ": " + (err.empty() ? "no compile_commands.json" : err);
    return out;
  }
  for (const clang::tooling::CompileCommand &cc : db->getAllCompileCommands()) {
    llvm::SmallString<256> abs(cc.Filename);
    if (!llvm::sys::path::is_absolute(abs)) {
      abs = cc.Directory;
      llvm::sys::path::append(abs, cc.Filename);
    }
    CompileEntry e;
    e.file = std::string(abs);
    e.directory = cc.Directory;
    e.info = sanitizeCompileArgs(cc.CommandLine, cc.Filename);
    // relative include paths are relative to the command's directory, joined
    // (`-Iinc`) or as a pair (`"-I", "inc"`)
    std::vector<std::string> &args = e.info.args;
    for (size_t i = 0; i < args.size(); ++i) {
      std::string &a = args[i];
      for (const char *p : {"-I", "-isystem", "-iquote", "-idirafter", "-include"}) {
        size_t n = strlen(p);
        if (a == p && i + 1 < args.size() && !llvm::sys::path::is_absolute(args[i + 1])) {
          llvm::SmallString<256> d(cc.Directory);
          llvm::sys::path::append(d, args[i + 1]);
          args[i + 1] = std::string(d);
          ++i;
          break;
        }
        if (std::string(p) != "-include" && a.size() > n && a.compare(0, n, p) == 0 &&
            !llvm::sys::path::is_absolute(a.substr(n))) {
          llvm::SmallString<256> d(cc.Directory);
          llvm::sys::path::append(d, a.substr(n));
          a = std::string(p) + std::string(d);
          break;
        }
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

} // namespace alint
