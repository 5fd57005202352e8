#include "cli/Options.h"
#include "cli/Config.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <fstream>
#include <optional>
#include <sstream>

namespace alint {

std::string usage() {
  return R"(USAGE: ascendc-lint [options] <source files...> [-- <compiler args>]

Static linter and verifier for AscendC kernels.

Options:
  --target=NAME             lint for this chip (repeatable): ascend910b, ascend910_93,
                            ascend310b, ascend310p, ascend950 (default: ascend910b)
  --target-file=FILE        load a chip description (JSON, see docs/target-format.md)
  --checks=GLOBS            enable/disable checks, clang-tidy syntax ('-*,sync-*')
  --warnings-as-errors[=GLOBS]  treat warnings of matching checks as errors
  --format=text|json|sarif|lsp  output format (default: text); lsp: one LSP
                            publishDiagnostics params object per file and line
  --header-filter=REGEX     show findings in headers (files other than the one
                            linted) only when their path matches REGEX
                            (default: all; '' shows none, as clang-tidy)
  --fix                     apply the suggested fix-its to the files
  --export-fixes=FILE       write findings and fix-its as clang-apply-replacements YAML
  --write-baseline=FILE     record the current findings in FILE
  --baseline=FILE           do not show the findings FILE records
  --assume=EXPR             assume EXPR holds (e.g. 'tileLength % 16 == 0'), repeatable
  --tiling=NAME=VALUE,...   concrete launch values
  --tiling-file=FILE        concrete launch values from a JSON object
  --shape=NAME=[D0,...]     an input's shape: the host tiling code computes the tiling values
  --no-host-contract        do not read the host tiling code: tiling values stay unconstrained
  --timeline=FILE           simulate the first kernel with the --tiling values and write its
                            pipe schedule as a Chrome trace (chrome://tracing, Perfetto)
  --smt-timeout=MS          Z3 budget per query, as a load-independent resource
                            limit of about MS ms of search (default: 2000)
  --timeout=SEC             CPU-time limit per file; what is left is unknown (default: 60;
                            0: none). Results are decided by load-independent budgets;
                            CPU time is a backstop, reported when it fires; a file still
                            running after 3 x SEC + 5 s of wall clock is stopped
  --max-memory=SIZE         memory (address space) per file, e.g. 4G; a file past it fails
                            alone (default: half the machine over the parallel jobs, >= 2G)
  --auto-sync=on|off        whether the compiler inserts S<->MTE2/MTE3/V and V<->V
                            synchronisation (default on, as BiSheng does)
  --include-roots=auto|off  add the folders above a file that make its quoted includes
                            resolve as -I (default auto; docs/cce.md)
  --api-dir=DIR             analyse against the real AscendC library (an asc-devkit checkout
                            or CANN's asc/ folder: include/, impl/) instead of the bundled
                            declarations; files it cannot analyse fall back (docs/cce.md)
  --simt-dcache=SIZE        the kernel runs SIMT code and its launch leaves SIZE of UB
                            (e.g. 64K) to the SIMT Data Cache (Ascend 950)
  --op-root=DIR             the operator project (op_host/ + op_kernel/) the files belong to
                            (default: found upward from each file; config key OpRoot)
  --max-variants=N          build configurations (dtype combination, tiling key) analysed
                            per kernel; the rest is counted as not analysed (default 32)
  --show-unknown            show obligations that could not be decided (as notes)
  --dump-model              print each kernel's model (buffers, ops, regions, sync edges) instead of linting;
                            JSON with --format=json
  --fail-on-unknown         a kernel that is only partially verified is an error (config FailOnUnknown)
  --quiet                   no per-kernel verdict lines
  --stats                   print phase times and Z3 query counts to stderr
  -j N, --jobs=N            lint N files at a time in worker processes (default 1;
                            -j alone or 0: one per core); output stays in input order
  --cache-dir=DIR           reuse the results of files whose source, included headers,
                            options and configuration are unchanged since a previous run
  --config-file=FILE        use this configuration instead of .ascendc-lint.yaml files
  --config=TEXT             the same, given inline: --config='{Checks: "-*,sync-*"}'
  --verify-config           check the configuration (and --checks) and exit
  --allow-no-checks         no error when the checks select none
  --extra-arg=ARG           add ARG to the compiler arguments (after; repeatable)
  --extra-arg-before=ARG    add ARG before the compiler arguments (repeatable)
  --line-filter=JSON        findings only on these lines, as clang-tidy:
                            '[{"name":"k.cpp","lines":[[10,20]]},{"name":"a.h"}]'
  --exclude-header-filter=REGEX  no findings in headers whose path matches REGEX
  --use-color[=BOOL], --no-color  colour the text output (default: when stdout
                            is a terminal and NO_COLOR is unset)
  --lsp                     run as a language server on stdin/stdout (docs/lsp.md)
  --dump-config             print the configuration that applies to the first file (or here)
  -p DIR                    build directory with compile_commands.json
  --list-targets            list the built-in targets
  --dump-target=NAME        print a target's hierarchy model as JSON
  --list-checks             list the checks
  --explain=CHECK           what a check proves, why it matters, a bad and a good example
  --print-api-dir           print the bundled AscendC header directory
  --version, --help

Exit status: 0 no error-level finding, 1 error-level findings, 2 bad invocation
or configuration, 3 a file could not be analysed.
)";
}

static bool startsWith(const std::string &s, const std::string &p) { return s.compare(0, p.size(), p) == 0; }

// A whole decimal number in [lo, hi] and nothing else: no sign, no spaces, no
// wrap-around (`--timeout=-1` is an error, not "no limit").
static bool parseBounded(const std::string &v, uint64_t lo, uint64_t hi, uint64_t &out) {
  if (v.empty() || v.size() > 19 || v.find_first_not_of("0123456789") != std::string::npos)
    return false;
  out = std::stoull(v);
  return out >= lo && out <= hi;
}

// "512M", "8G", "1073741824": bytes (powers of 1024), checked for overflow.
static bool parseTilingList(const std::string &v, std::map<std::string, int64_t> &out, std::string &err) {
  std::stringstream ss(v);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty())
      continue;
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      err = "--tiling: expected NAME=VALUE, got '" + item + "'";
      return false;
    }
    try {
      size_t used = 0;
      long long val = std::stoll(item.substr(eq + 1), &used, 0);
      if (used != item.size() - eq - 1)
        throw std::invalid_argument("trailing");
      out[item.substr(0, eq)] = val;
    } catch (...) {
      err = "--tiling: '" + item.substr(eq + 1) + "' is not an integer";
      return false;
    }
  }
  return true;
}

// --shape=x=[4096,1024]: the dimensions of one input or output.
static bool parseShape(const std::string &v, std::map<std::string, std::vector<int64_t>> &out, std::string &err) {
  auto eq = v.find('=');
  if (eq == std::string::npos || eq == 0 || v.size() < eq + 3 || v[eq + 1] != '[' || v.back() != ']') {
    err = "--shape: expected NAME=[D0,D1,...], got '" + v + "'";
    return false;
  }
  std::vector<int64_t> dims;
  std::stringstream ss(v.substr(eq + 2, v.size() - eq - 3));
  std::string item;
  while (std::getline(ss, item, ',')) {
    try {
      size_t used = 0;
      long long d = std::stoll(item, &used, 0);
      if (used != item.size() || d < 0)
        throw std::invalid_argument("bad");
      dims.push_back(d);
    } catch (...) {
      err = "--shape: '" + item + "' is not a dimension";
      return false;
    }
  }
  out[v.substr(0, eq)] = dims;
  return true;
}

// clang-tidy (LLVM's option parser) takes -checks= as --checks=: a long
// option with one dash is read with two. Short options (-p, -j4, -h) and
// what follows `--` are left alone.
static std::vector<std::string> withLongDashes(int argc, const char *const *argv) {
  std::vector<std::string> args{argc > 0 ? argv[0] : "ascendc-lint"};
  bool rest = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--")
      rest = true;
    std::string name = a.substr(0, a.find('='));
    if (!rest && name.size() > 2 && name[0] == '-' && name[1] != '-' &&
        std::islower(static_cast<unsigned char>(name[1])) &&
        name.find_first_not_of("abcdefghijklmnopqrstuvwxyz-", 1) == std::string::npos)
      a = "-" + a;
    args.push_back(a);
  }
  return args;
}

static std::optional<bool> parseBool(const std::string &v) {
  if (v == "true" || v == "1" || v == "on" || v == "TRUE" || v == "True")
    return true;
  if (v == "false" || v == "0" || v == "off" || v == "FALSE" || v == "False")
    return false;
  return std::nullopt;
}

bool parseOptions(int argc, const char *const *rawArgv, Options &o, std::string &error) {
  std::vector<std::string> storage = withLongDashes(argc, rawArgv);
  std::vector<const char *> argvv;
  for (const std::string &s : storage)
    argvv.push_back(s.c_str());
  const char *const *argv = argvv.data();
  bool targetGiven = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const std::string &name, std::string &out) -> bool {
      if (startsWith(a, name + "=")) {
        out = a.substr(name.size() + 1);
        return true;
      }
      if (a == name) {
        if (i + 1 >= argc) {
          error = name + " needs a value";
          return false;
        }
        out = argv[++i];
        return true;
      }
      return false;
    };
    std::string v;
    if (a == "--") {
      for (++i; i < argc; ++i)
        o.extraArgs.push_back(argv[i]);
      break;
    }
    if (a == "--help" || a == "-h")
      o.help = true;
    else if (a == "--version")
      o.version = true;
    else if (a == "--list-targets")
      o.listTargets = true;
    else if (a == "--list-checks")
      o.listChecks = true;
    else if (a == "--print-api-dir")
      o.printApiDir = true;
    else if (a == "--show-unknown")
      o.showUnknown = true;
    else if (a == "--no-host-contract")
      o.hostContract = false;
    else if (a == "--dump-model")
      o.dumpModel = true;
    else if (a == "--fail-on-unknown")
      o.failOnUnknown = o.failOnUnknownGiven = true;
    else if (a == "--quiet")
      o.quiet = true;
    else if (a == "--stats")
      o.stats = true;
    else if (a == "--dump-config")
      o.dumpConfig = true;
    else if (a == "--fix")
      o.fix = true;
    else if (a == "--lsp")
      o.lsp = true;
    else if (a == "--verify-config")
      o.verifyConfig = true;
    else if (a == "--allow-no-checks")
      o.allowNoChecks = true;
    else if (a == "--no-color")
      o.color = false;
    else if (a == "--use-color")
      o.color = true;
    else if (value("--use-color", v)) {
      o.color = parseBool(v);
      if (!o.color) {
        error = "--use-color: expected true or false, got '" + v + "'";
        return false;
      }
    } else if (value("--config", v))
      o.configText = v;
    else if (value("--extra-arg-before", v))
      o.extraArgsBefore.push_back(v);
    else if (value("--extra-arg", v))
      o.extraArgs.push_back(v);
    else if (value("--line-filter", v))
      o.lineFilter = v;
    else if (value("--exclude-header-filter", v))
      o.excludeHeaderFilter = v;
    else if (value("--export-fixes", v))
      o.exportFixes = v;
    else if (value("--write-baseline", v))
      o.writeBaseline = v;
    else if (value("--baseline", v))
      o.baseline = v;
    else if (value("--header-filter", v)) {
      o.headerFilter = v;
      o.headerFilterGiven = true;
    } else if (value("--config-file", v))
      o.configFile = v;
    else if (value("--timeline", v))
      o.timelineFile = v;
    else if (a == "--warnings-as-errors")
      o.warningsAsErrors = "*";
    else if (value("--warnings-as-errors", v))
      o.warningsAsErrors = v;
    else if (value("--target", v)) {
      o.targets.push_back(v);
      targetGiven = true;
    } else if (value("--target-file", v))
      o.targetFiles.push_back(v);
    else if (value("--op-root", v))
      o.opRoot = v;
    else if (value("--max-variants", v)) {
      char *end = nullptr;
      unsigned long n = std::strtoul(v.c_str(), &end, 10);
      if (v.empty() || *end || n == 0 || n > 100000) {
        error = "--max-variants: expected a positive number, got '" + v + "'";
        return false;
      }
      o.maxVariants = unsigned(n);
    } else if (value("--explain", v))
      o.explain = v;
    else if (value("--dump-target", v))
      o.dumpTarget = v;
    else if (value("--checks", v)) {
      o.checks = v;
      o.checksGiven = true;
    } else if (value("--assume", v))
      o.assumptions.push_back(v);
    else if (value("--shape", v)) {
      if (!parseShape(v, o.shapes, error))
        return false;
    } else if (value("--tiling", v)) {
      if (!parseTilingList(v, o.tiling, error))
        return false;
    } else if (value("--tiling-file", v)) {
      std::ifstream in(v);
      if (!in) {
        error = v + ": cannot open tiling file";
        return false;
      }
      nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
      if (j.is_discarded() || !j.is_object()) {
        error = v + ": tiling file is not a JSON object of name: integer";
        return false;
      }
      for (auto &[k, val] : j.items()) {
        if (!val.is_number_integer()) {
          error = v + ": '" + k + "' is not an integer";
          return false;
        }
        o.tiling[k] = val.get<int64_t>();
      }
    } else if (value("--format", v)) {
      if (v == "text")
        o.format = OutputFormat::Text;
      else if (v == "json")
        o.format = OutputFormat::Json;
      else if (v == "sarif")
        o.format = OutputFormat::Sarif;
      else if (v == "lsp")
        o.format = OutputFormat::Lsp;
      else {
        error = "unknown --format '" + v + "' (text, json, sarif, lsp)";
        return false;
      }
    } else if (value("--smt-timeout", v)) {
      uint64_t n = 0;
      if (!parseBounded(v, 1, 3600000, n)) {
        error = "--smt-timeout: expected milliseconds from 1 to 3600000, got '" + v + "'";
        return false;
      }
      o.smtTimeoutMs = unsigned(n);
    } else if (value("--timeout", v)) {
      uint64_t n = 0;
      if (!parseBounded(v, 0, 86400, n)) {
        error = "--timeout: expected seconds from 0 (no limit) to 86400, got '" + v + "'";
        return false;
      }
      o.fileTimeoutSec = unsigned(n);
    } else if (value("--max-memory", v)) {
      uint64_t b = 0;
      if (!parseMemorySize(v, b) || b < kMinMemoryLimit) {
        error = "--max-memory: expected a size of at least 256M such as 4G or 512M, got '" + v + "'";
        return false;
      }
      o.maxMemory = b;
    } else if (value("--api-dir", v)) {
      o.realApiDir = v;
    } else if (value("--include-roots", v)) {
      if (v == "auto")
        o.includeRoots = true;
      else if (v == "off")
        o.includeRoots = false;
      else {
        error = "--include-roots: expected auto or off, got '" + v + "'";
        return false;
      }
    } else if (value("--auto-sync", v)) {
      o.autoSyncGiven = true;
      if (v == "on")
        o.autoSync = true;
      else if (v == "off")
        o.autoSync = false;
      else {
        error = "--auto-sync: expected on or off, got '" + v + "'";
        return false;
      }
    } else if (startsWith(a, "-j") || startsWith(a, "--jobs")) {
      std::string n;
      if (a == "-j" || a == "--jobs") { // the value is optional: alone, one per core
        if (i + 1 < argc && std::string(argv[i + 1]).find_first_not_of("0123456789") == std::string::npos)
          n = argv[++i];
        else
          n = "0";
      } else if (startsWith(a, "--jobs=")) {
        n = a.substr(7);
      } else if (!startsWith(a, "--jobs")) {
        n = a.substr(2);
      }
      uint64_t jn = 0;
      if (!parseBounded(n, 0, 1024, jn)) {
        error = "-j: expected a number of jobs from 0 (one per core) to 1024, got '" + n + "'";
        return false;
      }
      o.jobs = unsigned(jn);
    } else if (value("--cache-dir", v)) {
      o.cacheDir = v;
    } else if (value("--simt-dcache", v)) {
      uint64_t b = 0;
      if (!parseByteSize(v, b)) {
        error = "--simt-dcache: expected a size such as 65536 or 64K, got '" + v + "'";
        return false;
      }
      o.simtDCache = b;
    } else if (value("-p", v))
      o.buildDir = v;
    else if (!error.empty())
      return false;
    else if (startsWith(a, "-")) {
      error = "unknown option '" + a + "' (see --help)";
      return false;
    } else
      o.files.push_back(a);
    if (!error.empty())
      return false;
  }
  (void)targetGiven;
  return true;
}

} // namespace alint
