// Binds a kernel's tiling values to what its host tiling code sends
// (checker/host): the tiling fields, the block count and the host's own
// checks become facts of the kernel model, so its obligations are proved for
// every input shape the host accepts.
#pragma once

#include "checker/ir/KernelModel.h"
#include "checker/model/Target.h"
#include "cli/Driver.h"
#include "cli/Options.h"

#include <string>
#include <vector>

namespace alint {

struct HostBindResult {
  bool bound = false;
  std::string note;                     // "tiling values unconstrained: <reason>" or what was bound
  std::vector<std::string> hostFiles;   // read (for the result cache)
  std::map<std::string, int64_t> concrete; // --shape: tiling values the host computes
};

HostBindResult bindHostContract(KernelModel &km, const std::string &kernelFile, const model::TargetSpec &t,
                                const Options &o, const FileSettings &fs);

} // namespace alint
