// --dump-model: what the frontend understood of each kernel, as text or JSON
// (like clang -ast-dump for this tool): buffers, globals, operations with
// API, pipe, core, regions, path condition and loops, flags and events, and
// the sync graph's flag edges on one target.
#pragma once

#include "checker/ir/KernelModel.h"
#include "checker/model/Target.h"

#include <nlohmann/json.hpp>

#include <string>

namespace alint {

std::string dumpModelText(const KernelModel &k, const model::TargetSpec &t, bool autoSync);
nlohmann::json dumpModelJson(const KernelModel &k, const model::TargetSpec &t, bool autoSync);

} // namespace alint
