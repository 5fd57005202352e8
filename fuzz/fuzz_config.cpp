// libFuzzer target: the configuration file loader (cli/Config.cpp).
// Any input either parses or is rejected with a one-line error; a parsed
// configuration prints (dumpConfig) as text that reads back the same.
#include "cli/Config.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  std::string error;
  auto c = alint::parseConfig(text, "fuzz.yaml", error);
  if (!c) {
    if (error.empty() || error.find('\n') != std::string::npos) {
      std::fprintf(stderr, "rejected without a one-line error: '%s'\n", error.c_str());
      std::abort();
    }
    return 0;
  }
  std::string dumped = alint::dumpConfig(*c);
  std::string error2;
  auto again = alint::parseConfig(dumped, "fuzz-dump.yaml", error2);
  if (!again) {
    std::fprintf(stderr, "dumped configuration does not parse: %s\n---\n%s\n", error2.c_str(), dumped.c_str());
    std::abort();
  }
  // The dump writes the defaults of unset keys; read back, every value is the same.
  using V = std::vector<std::string>;
  bool same = c->checks.value_or("*") == again->checks.value_or("*") &&
              c->warningsAsErrors.value_or("") == again->warningsAsErrors.value_or("") &&
              // unset shows every header, as ".*" does
              c->headerFilterRegex.value_or(".*") == again->headerFilterRegex.value_or(".*") &&
              c->targets.value_or(V{"ascend910b"}) == again->targets.value_or(V{"ascend910b"}) &&
              c->assumptions == again->assumptions && c->autoSync.value_or(true) == again->autoSync.value_or(true) &&
              c->failOnUnknown == again->failOnUnknown && c->simtDCache == again->simtDCache &&
              c->opRoot == again->opRoot;
  if (!same) {
    std::fprintf(stderr, "dumped configuration reads back different:\n%s\n", dumped.c_str());
    std::abort();
  }
  (void)alint::mergeConfig(*c, *again);
  return 0;
}
