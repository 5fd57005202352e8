// Frontend: parses one source file with Clang (the bundled AscendC API ahead of
// the user's include path) and builds a KernelModel for each kernel entry
// (`__global__ __aicore__` function) by symbolic execution of its body.
#pragma once

#include "checker/ir/Budget.h"
#include "checker/ir/KernelModel.h"
#include "checker/project/OpProject.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace alint {

struct FrontendOptions {
  std::string apiDir;                 // bundled AscendC headers (see Paths.h)
  // The real AscendC library (an asc-devkit checkout or CANN's asc/ folder)
  // to analyse against instead of the bundled declarations (--api-dir): its
  // code is run like the user's down to the intrinsics (docs/cce.md).
  std::string realApiDir;
  std::string resourceDir;            // Clang builtin headers
  int npuArch = 2201;                 // __NPU_ARCH__ for this parse
  int cceAicore = 220;                // __CCE_AICORE__
  // The system workspace at the start of the kernel's workspace, which
  // GetUserWorkspace skips (model::TargetSpec); -1: not known.
  int64_t reservedWorkspaceBytes = -1;
  std::vector<std::string> extraArgs; // user compiler args (-I, -D, ...)
  unsigned maxInlineDepth = 48;
  unsigned long maxSteps = 2000000; // statements + expressions per kernel
  Budget *budget = nullptr;          // the file's clock (checked while interpreting); null: none
  unsigned maxMissingIncludes = 32; // headers replaced by empty files
  // Add the repository folders that make the file's quoted includes resolve
  // (`#include "kernels/utils/common.h"` from src/kernels/x/y.cce finds src/)
  // as -I after the user's arguments (--include-roots=off turns this off).
  bool includeRoots = true;
  // The operator project of the file (tiling structs for GET_TILING_DATA), if any.
  std::shared_ptr<const project::OpProject> project;
  // Tiling structs that no header defines are synthesised from the fields the
  // kernel reads (up to this many extra parses).
  unsigned synthesisRounds = 4;
  // TILING_KEY_IS(k) variants: the kernel is interpreted once per key the
  // kernel compares g_tilingKey with (the key fixed), when there are any.
  bool tilingKeyVariants = true;
  unsigned maxTilingKeys = 16;           // per kernel, also ASCENDC_TPL_SEL combinations; the rest is reported
  std::optional<int64_t> fixedTilingKey; // set by the frontend per variant
  // How often each key or template combination ("kernel|label") was
  // analysed by the file's earlier build configurations (dtype combination x
  // core side), shared by them. Under maxTilingKeys a configuration takes the
  // least-analysed ones first, so the configurations together cover every
  // key instead of each analysing the same first ones (ops-math transpose:
  // 13 dtypes x 7-8 keys, cap 1 — key 10000 was analysed 13 times, the
  // others never).
  std::shared_ptr<std::map<std::string, unsigned>> keyCoverage;
  // Why the host never launches the variant `label` of `kernel` (its tiling
  // function selects another key for every input it accepts), or "" (it may,
  // or there is no host contract). Such variants are not interpreted and do
  // not count against maxTilingKeys: the cap goes to variants that run.
  std::function<std::string(const std::string &kernel, const std::string &label)> neverLaunched;
};

// Which of `ids` (a kernel's keys or template combinations, "kernel|label")
// a configuration analyses under `cap`: all when they fit, else the `cap`
// analysed least often so far in `coverage` (ties: in order), which records
// them (FrontendOptions::keyCoverage; none: the first `cap`).
std::vector<bool> pickUnderCap(const std::vector<std::string> &ids, unsigned cap,
                               std::map<std::string, unsigned> *coverage);
// The positions of `ids`, the least analysed in `coverage` first (ties: in
// order; none: in order), for a caller that gates each pick itself and
// records it in `coverage` (cli/Driver.cpp's per-key parses).
std::vector<size_t> leastAnalysedFirst(const std::vector<std::string> &ids,
                                       const std::map<std::string, unsigned> *coverage);

// A compile error Clang reported (file, line, column, message).
struct CompileError {
  SourceLoc loc;
  std::string message;
};

// The folders above `file` (up to its repository root, the first with .git)
// in which a quoted include of the file that resolves neither beside it nor
// in an -I of `args` exists; in order of first use.
std::vector<std::string> findIncludeRoots(const std::string &file, const std::string &source,
                                          const std::vector<std::string> &args);

struct FrontendResult {
  bool ok = false;
  std::string error;                        // one line: "file:line:col: reason" when !ok
  std::vector<std::string> missingIncludes; // replaced by empty files
  unsigned compileErrors = 0;               // errors Clang recovered from
  std::string firstCompileError;
  std::vector<std::string> dependencies; // every file read: the source, its headers (for the result cache)
  // A syntax error in the user's own code (not the tool's limits): the file
  // is not analysed and these are shown as clang-diagnostic-error.
  std::vector<CompileError> syntaxErrors;
  // Tiling structs synthesised from the fields the kernel reads (one line each).
  std::vector<std::string> synthesized;
  // DTYPE_* / ORIG_DTYPE_* macros the source uses (defined or not).
  std::set<std::string> dtypeMacros;
  TranslationUnitModel model;
};

FrontendResult analyzeFile(const std::string &file, const FrontendOptions &opts);

// The core-side macros bisheng defines when it compiles a kernel for one side
// of a chip (`--cce-aicore-arch=dav-c220-vec` / `-cube`), as -D arguments;
// empty for an __NPU_ARCH__ it does not know. Sources (asc-devkit):
//   tools/build/asc_op_compile_base/asc_op_compiler/config/ascend910b.py, ascend910_93.py,
//     ascend950.py, ascend310p.py, ascend310b.py: cube_core_type_macro / vec_core_type_macro
//   .../asc_op_compiler/ascendc_compile_gen_code.py:118-142: __DAV_VEC__ / __DAV_CUBE__ with
//     __NPU_ARCH__ 2201 and 3510
//   .../asc_op_compiler/ascendc_compile_v220.py:333 and cmake/asc/legacy_modules/bisheng_intf.cmake:53:
//     -D__DAV_C310__ for dav-c310; cmake/asc/legacy_modules/util/extract_host_stub.py:1991-1995:
//     __DAV_C310_CUBE__ / __DAV_C310_VEC__
std::vector<std::string> coreSideMacros(int npuArch, bool cube);

// For tests: analyse in-memory code as if it were `fileName`.
FrontendResult analyzeCode(const std::string &code, const std::string &fileName, const FrontendOptions &opts);

} // namespace alint
