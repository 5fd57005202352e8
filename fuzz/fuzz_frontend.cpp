// libFuzzer target: mutated kernel sources through the whole frontend (Clang
// with the bundled API, the interpreter) and every check with Z3, under the
// per-file limits a run uses (a Budget with a clock, a step budget, bounded
// race candidates, a small Z3 budget). Nothing may crash, hang past the
// limits or trip a sanitizer; every obligation must end with a verdict.
// Seeds: a few samples (scripts/fuzz.sh copies them).
#include "checker/frontend/Frontend.h"
#include "checker/frontend/Paths.h"
#include "checker/model/Target.h"
#include "rules/Check.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace alint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 16384)
    return 0;
  static const std::string file = "/tmp/fuzz_frontend_" + std::to_string(::getpid()) + ".cpp";
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(data), std::streamsize(size));
  }
  Budget budget;
  budget.deadline = Budget::Clock::now() + std::chrono::seconds(10);
  budget.z3Units = 200000;
  budget.maxRacePairs = 2000;
  FrontendOptions fo;
  fo.apiDir = findApiDir();
  fo.resourceDir = findResourceDir();
  fo.maxSteps = 50000;
  fo.synthesisRounds = 1;
  fo.includeRoots = false;
  fo.budget = &budget;
  FrontendResult res = analyzeFile(file, fo);
  if (!res.ok)
    return 0;
  static const model::TargetSpec *target = model::findBuiltinTarget("ascend910b");
  Solver solver(50);
  solver.setBudget(&budget);
  for (const KernelModel &k : res.model.kernels) {
    AnalysisCache cache;
    cache.budget = &budget;
    for (const CheckInfo &ci : checkRegistry()) {
      auto check = ci.make();
      CheckContext ctx(k, *target, &cache);
      check->run(ctx);
      std::vector<Verdict> all;
      solveItems(ctx.items, solver, k.incomplete, &all);
      for (const Verdict &v : all)
        if (v.status == Status::Unknown && v.reason.empty() && !ctx.items.empty()) {
          std::fprintf(stderr, "an unknown verdict without a reason (%s)\n", ci.id.c_str());
          std::abort();
        }
    }
  }
  return 0;
}
