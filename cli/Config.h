// The configuration file, .ascendc-lint.yaml (clang-tidy's keys):
//   Checks: '-*,sync-*'          WarningsAsErrors: 'sync-*'
//   Targets: [ascend910b, ascend950]
//   Assumptions: ['tileLength % 16 == 0']
//   AutoSync: true               HeaderFilterRegex: '.*'
//   SimtDCache: 64K              (Ascend 950 SIMD/SIMT kernels)
//   MaxMemory: 4G                (address space per file, as --max-memory)
//   ApiDir: ../asc-devkit        (the real AscendC library, as --api-dir)
//   InheritParentConfig: true
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace alint {

struct Config {
  std::string path; // where it came from ("" = none)
  std::optional<std::string> checks, warningsAsErrors, headerFilterRegex;
  std::optional<std::vector<std::string>> targets;
  std::vector<std::string> assumptions;
  std::optional<bool> autoSync;
  std::optional<bool> failOnUnknown;  // FailOnUnknown: partially verified kernels are errors
  std::optional<uint64_t> simtDCache; // SimtDCache: UB left to the SIMT Data Cache
  std::optional<std::string> opRoot;  // OpRoot: the operator project (relative to the config file)
  std::optional<uint64_t> maxMemory;  // MaxMemory: the file's worker's address space (--max-memory over it)
  std::optional<std::string> apiDir;  // ApiDir: the real AscendC library, as --api-dir (relative to the config file)
  bool inheritParent = false;
};

// One-line error "file:line:col: reason" on failure.
std::optional<Config> parseConfig(const std::string &text, const std::string &file, std::string &error);
std::optional<Config> loadConfigFile(const std::string &path, std::string &error);
// The configuration for a source file: the nearest .ascendc-lint.yaml upward,
// merged with its parents while InheritParentConfig is true.
std::optional<Config> findConfig(const std::string &sourceFile, std::string &error);
Config mergeConfig(const Config &parent, const Config &child);
std::string dumpConfig(const Config &c);

// "65536", "64K", "64KiB", "64KB" -> bytes (K = 1024); false if malformed.
bool parseByteSize(const std::string &s, uint64_t &bytes);
// "4G", "512M", "4096MiB", "1T" -> bytes (K/M/G/T = 2^10/20/30/40); false if
// malformed or past 2^50 of its unit.
bool parseMemorySize(const std::string &s, uint64_t &bytes);
// The smallest memory limit accepted (the tool itself needs about 300M).
constexpr uint64_t kMinMemoryLimit = uint64_t(256) << 20;

} // namespace alint
