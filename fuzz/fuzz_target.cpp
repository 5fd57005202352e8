// libFuzzer target: the target-description loader
// (checker/model/TargetLoader.cpp). Any input either loads or is rejected
// with an error; a loaded target prints (targetToJson) as JSON that loads
// again. Seeds: the built-in descriptions (checker/model/targets/*.json).
#include "checker/model/Target.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  std::string error;
  auto t = alint::model::parseTarget(text, "fuzz.json", error);
  if (!t) {
    if (error.empty()) {
      std::fprintf(stderr, "rejected without an error\n");
      std::abort();
    }
    return 0;
  }
  std::string dumped = alint::model::targetToJson(*t);
  std::string error2;
  if (!alint::model::parseTarget(dumped, "fuzz-dump.json", error2)) {
    std::fprintf(stderr, "dumped target does not load: %s\n---\n%s\n", error2.c_str(), dumped.c_str());
    std::abort();
  }
  return 0;
}
