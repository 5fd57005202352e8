// Frontend: parses one source file with Clang (the bundled AscendC API ahead of
// the user's include path) and builds a KernelModel for each kernel entry
// (`__global__ __aicore__` function) by symbolic execution of its body.
#pragma once

#include "checker/ir/KernelModel.h"

#include <string>
#include <vector>

namespace alint {

struct FrontendOptions {
  std::string apiDir;                 // bundled AscendC headers (see Paths.h)
  std::string resourceDir;            // Clang builtin headers
  int npuArch = 2201;                 // __NPU_ARCH__ for this parse
  int cceAicore = 220;                // __CCE_AICORE__
  std::vector<std::string> extraArgs; // user compiler args (-I, -D, ...)
  unsigned maxInlineDepth = 48;
  unsigned long maxSteps = 2000000; // statements + expressions per kernel
  unsigned maxMissingIncludes = 32; // headers replaced by empty files
  // Add the repository folders that make the file's quoted includes resolve
  // (`#include "kernels/utils/common.h"` from src/kernels/x/y.cce finds src/)
  // as -I after the user's arguments (--include-roots=off turns this off).
  bool includeRoots = true;
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
  TranslationUnitModel model;
};

FrontendResult analyzeFile(const std::string &file, const FrontendOptions &opts);

// For tests: analyse in-memory code as if it were `fileName`.
FrontendResult analyzeCode(const std::string &code, const std::string &fileName, const FrontendOptions &opts);

} // namespace alint
