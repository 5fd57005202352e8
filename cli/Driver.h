// The driver: files x targets -> frontend -> checks -> Z3 -> diagnostics.
#pragma once

#include "checker/model/Target.h"
#include "cli/Options.h"
#include "rules/Check.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace alint {

struct KernelVerdict {
  std::string file, kernel, target;
  unsigned obligations = 0, proved = 0, violated = 0, counterexample = 0, unknown = 0;
  std::string variant;          // build configuration (`DTYPE_X=half, TILING_KEY=2`), empty: the only one
  unsigned calls = 0;           // AscendC calls reached
  unsigned modelledCalls = 0;   // of those, modelled
  unsigned notCompiled = 0;     // expressions that did not compile (each one unmodelled op)
  std::string notCompiledFirst; // the first of them: file:line: message
  // What the frontend did not follow: calls that became Unmodelled
  // operations, and other constructs it noted (budget, helpers, ...).
  unsigned unmodelled = 0, notModelled = 0;
  std::vector<std::pair<std::string, unsigned>> topReasons; // most frequent first
  // Non-empty: the host never launches this build configuration (proved from
  // its tiling contract); the variant's one obligation is that, proved.
  std::string neverLaunched;
  // verified: every reached call modelled and every obligation proved.
  bool verified() const {
    return unknown == 0 && unmodelled == 0 && notModelled == 0 && notCompiled == 0 && violated == 0 &&
           counterexample == 0;
  }
  bool partial() const { return unknown != 0 || unmodelled != 0 || notModelled != 0 || notCompiled != 0; }
};

struct RunStats {
  double parseSeconds = 0, checkSeconds = 0, solveSeconds = 0;
  SolverStats solver;
  unsigned fileCacheHits = 0, fileCacheMisses = 0; // --cache-dir
  void add(const RunStats &s);
};

struct FileResult {
  std::string file;
  bool ok = true;
  std::string error;                 // one line when !ok
  std::vector<std::string> warnings; // about the invocation, printed on stderr
  std::vector<std::string> notes;    // information printed on stderr (timeline written, ...)
  std::vector<Diagnostic> diags;
  std::vector<KernelVerdict> verdicts;
  std::string modelDump;         // --dump-model: text, or a JSON array of kernels with --format=json
  bool configError = false;      // a bad configuration or option (exit 2), not a bad file
  unsigned nolintSuppressed = 0; // findings NOLINT comments hid (the summary on stderr)
  RunStats stats;                // of this file
};

// Findings not shown, for clang-tidy's "Suppressed N warnings (...)" line.
struct SuppressedCounts {
  unsigned nonUser = 0, lineFilter = 0, nolint = 0;
};

struct RunResult {
  std::vector<FileResult> files;
  SuppressedCounts suppressed;
  RunStats stats;
  int exitCode = 0;
  bool timelineWritten = false;
};

// Target names to descriptions (built-ins and --target-file chips).
struct TargetResolver {
  std::function<const model::TargetSpec *(const std::string &)> find;
  std::function<std::vector<const model::TargetSpec *>()> defaults;
  const model::TargetSpec *operator()(const std::string &n) const { return find(n); }
};

// What applies to one file: command line over .ascendc-lint.yaml.
struct FileSettings {
  std::string configPath;
  std::string checks = "*", warningsAsErrors;
  bool autoSync = true;
  bool failOnUnknown = false;         // --fail-on-unknown over FailOnUnknown
  std::optional<uint64_t> simtDCache; // --simt-dcache over SimtDCache
  std::vector<const model::TargetSpec *> targets;
  std::vector<std::pair<std::string, Sym>> assumptions;
  std::vector<std::string> compileArgs; // for Clang, from compile_commands.json and `--`
  std::optional<CoreType> core;         // from --cce-aicore-arch=dav-*-vec/-cube
  std::string opRoot;                   // --op-root over OpRoot
  std::string realApiDir;               // ApiDir when --api-dir is not given (checked, absolute)
};

RunResult runLint(const Options &o, const TargetResolver &resolve,
                  const std::vector<std::pair<std::string, Sym>> &assumptions);

// Binds placeholder variables of an assumption to the kernel's variables.
std::optional<Sym> bindAssumption(const Sym &a, const KernelModel &k, bool tilingField = false);

} // namespace alint
