// Command-line options (the public interface in design.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace alint {

enum class OutputFormat { Text, Json, Sarif, Lsp };

struct Options {
  std::vector<std::string> files;
  std::vector<std::string> targets;     // --target
  std::vector<std::string> targetFiles; // --target-file
  std::string checks = "*";
  bool checksGiven = false;
  bool autoSyncGiven = false;
  std::string configFile;   // --config-file
  std::string timelineFile; // --timeline: simulated schedule as a Chrome trace
  bool dumpConfig = false;
  std::string warningsAsErrors; // globs; empty = none
  OutputFormat format = OutputFormat::Text;
  std::vector<std::string> assumptions;  // --assume
  std::map<std::string, int64_t> tiling; // --tiling / --tiling-file
  std::map<std::string, std::vector<int64_t>> shapes; // --shape: input shapes for the host tiling code
  std::vector<std::string> extraArgs;    // after --
  std::string buildDir;                  // -p
  unsigned smtTimeoutMs = 2000;
  unsigned fileTimeoutSec = 60;       // per file; remaining obligations become unknown; 0: none
  uint64_t maxMemory = 0;             // --max-memory: address space per file's worker; 0: the default
  bool autoSync = true;               // the compiler orders S<->MTE2/MTE3/V and V<->V
  bool includeRoots = true;           // --include-roots=auto|off: repository include roots (Frontend.h)
  std::string realApiDir;             // --api-dir: the real AscendC library instead of the bundled API (docs/cce.md)
  std::optional<uint64_t> simtDCache; // --simt-dcache: UB the launch leaves to the SIMT Data Cache
  std::string opRoot;        // --op-root: the operator project (op_host/, op_kernel/) of the files
  unsigned maxVariants = 32; // --max-variants: build configurations analysed per kernel
  bool showUnknown = false;
  bool hostContract = true;   // --no-host-contract: do not read the host tiling code (docs/host-tiling.md)
  bool dumpModel = false;     // --dump-model: print what the frontend understood (text or JSON by --format)
  bool failOnUnknown = false; // --fail-on-unknown
  bool failOnUnknownGiven = false;
  bool quiet = false;
  bool stats = false;
  unsigned jobs = 1;    // -j: files linted in parallel (worker processes); 0 = one per core
  std::string cacheDir; // --cache-dir: per-file result cache
  // workflow (cli/Workflow.cpp)
  std::string exportFixes;             // --export-fixes: clang-apply-replacements YAML
  bool fix = false;                    // --fix: apply the fix-its to the files
  std::string baseline, writeBaseline; // --baseline / --write-baseline
  std::string headerFilter;            // --header-filter
  bool headerFilterGiven = false;
  // clang-tidy's spellings (cli/TidyCompat.h)
  std::string configText;                   // --config='{Checks: ...}': a configuration given inline
  std::vector<std::string> extraArgsBefore; // --extra-arg-before (--extra-arg goes to extraArgs)
  std::string lineFilter;                   // --line-filter: JSON [{"name":..,"lines":[[a,b]]}]
  std::string excludeHeaderFilter;          // --exclude-header-filter
  bool verifyConfig = false;                // --verify-config
  bool allowNoChecks = false;               // --allow-no-checks
  std::optional<bool> color;                // --use-color[=bool] / --no-color; unset: a terminal
  bool lsp = false;                         // --lsp: language server on stdio
  // one-shot actions
  bool listTargets = false, listChecks = false, printApiDir = false, help = false, version = false;
  std::string dumpTarget;
  std::string explain; // --explain=CHECK
};

// Parses argv; on error returns false with a one-line message in `error`.
bool parseOptions(int argc, const char *const *argv, Options &o, std::string &error);
std::string usage();

} // namespace alint
