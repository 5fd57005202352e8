// Compiler arguments from compile_commands.json or after `--`: Clang-safe
// flags kept, bisheng flags dropped and turned into a target / core type.
#pragma once

#include "checker/ir/AscendEnums.h"

#include <optional>
#include <string>
#include <vector>

namespace alint {

struct CompileInfo {
  std::vector<std::string> args;     // -I/-D/-isystem/-include ... for Clang
  std::optional<std::string> target; // from --cce-aicore-arch / --npu-arch / --cce-soc-version
  std::optional<CoreType> core;      // dav-*-vec / dav-*-cube
  std::optional<bool> autoSync;      // --cce-auto-sync[=on|off]
  std::string error;                 // an --cce-aicore-arch / --npu-arch naming no known chip
};

struct CompileEntry {
  std::string file, directory;
  CompileInfo info;
};

CompileInfo sanitizeCompileArgs(const std::vector<std::string> &args, const std::string &sourceFile);
std::vector<CompileEntry> loadCompileCommands(const std::string &buildDir, std::string &error);

} // namespace alint
