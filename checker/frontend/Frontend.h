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
};

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
